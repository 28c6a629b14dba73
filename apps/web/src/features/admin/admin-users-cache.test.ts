import type { AdminUser } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { nextFromId, withDj, withRole, type AdminUserPages } from './admin-users-cache';

const user = (id: number, role: AdminUser['role'] = 'user'): AdminUser => ({
  id,
  username: `u${id}`,
  role,
  created_at: 1_700_000_000 + id,
  last_seen_at: null,
  dj: false,
  anytime: false,
});

const pages = (...lists: AdminUser[][]): AdminUserPages => ({
  pages: lists.map((users) => ({ users })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : 100 - i)),
});

describe('nextFromId', () => {
  it('goes on from the oldest account of a full page', () => {
    expect(nextFromId({ users: [user(9), user(8), user(7)] }, 3)).toBe(7);
  });

  it('stops after a short page', () => {
    expect(nextFromId({ users: [user(9), user(8)] }, 3)).toBeUndefined();
    expect(nextFromId({ users: [] }, 3)).toBeUndefined();
  });
});

describe('withRole', () => {
  it('changes the role of that account wherever it is loaded', () => {
    const data = pages([user(9), user(8)], [user(7)]);
    const next = withRole(data, { id: 7, role: 'helper' });
    expect(next?.pages[1]?.users[0]).toMatchObject({ id: 7, role: 'helper' });
    expect(next?.pages[0]).toEqual(data.pages[0]);
    expect(next?.pageParams).toBe(data.pageParams);
  });

  it('gives back the same data when nothing changes', () => {
    const data = pages([user(9, 'helper')]);
    expect(withRole(data, { id: 9, role: 'helper' })).toBe(data);
    expect(withRole(data, { id: 5, role: 'admin' })).toBe(data);
    expect(withRole(undefined, { id: 5, role: 'admin' })).toBeUndefined();
  });
});

describe('withDj', () => {
  it('grants and revokes the DJ permission of that account only', () => {
    const data = pages([user(9), user(8)]);
    const granted = withDj(data, { id: 8, dj: true });
    expect(granted?.pages[0]?.users.map((u) => u.dj)).toEqual([false, true]);
    expect(withDj(granted, { id: 8, dj: false })?.pages[0]?.users[1]).toMatchObject({
      id: 8,
      dj: false,
      role: 'user',
    });
    // The server's answer says whether the DJ may go live at any time.
    const anytime = withDj(granted, { id: 8, dj: true, anytime: true });
    expect(anytime?.pages[0]?.users[1]).toMatchObject({ dj: true, anytime: true });
    expect(withDj(anytime, { id: 8, dj: true })?.pages[0]?.users[1]?.anytime).toBe(true);
  });

  it('gives back the same data when nothing changes', () => {
    const data = pages([user(9)]);
    expect(withDj(data, { id: 9, dj: false })).toBe(data);
    expect(withDj(data, { id: 5, dj: true })).toBe(data);
    expect(withDj(undefined, { id: 5, dj: true })).toBeUndefined();
  });
});
