import { describe, expect, it } from 'vitest';
import { ChangePasswordBodySchema, SignupBodySchema } from './auth.js';
import { isStaff } from './limits.js';
import { PlaybackUpdateSchema } from './live.js';

describe('contract', () => {
  it('sign-up: trims the username, accepts a missing or empty email, refuses a bad one', () => {
    expect(SignupBodySchema.parse({ username: ' bob ', password: 'abcd' }).username).toBe('bob');
    expect(
      SignupBodySchema.safeParse({ username: 'bob', password: 'abcd', email: '' }).success,
    ).toBe(true);
    const bad = SignupBodySchema.safeParse({ username: 'bob', password: 'abcd', email: 'x@' });
    expect(bad.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });

  it('change password: the text shown for a short new password', () => {
    const r = ChangePasswordBodySchema.safeParse({ currentPassword: 'a', newPassword: 'abc' });
    expect(r.error?.issues[0]?.message).toBe('New password must be at least 4 characters long');
  });

  it('staff roles', () => {
    expect(['helper', 'moderator', 'admin'].every(isStaff)).toBe(true);
    expect(isStaff('user')).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });

  it('a playback update without a now-playing song is valid', () => {
    const update = {
      type: 'playback_update',
      now_playing: null,
      queue: [],
      history: [],
      active_users: [{ username: 'a' }],
      oneliner: [],
      listeners: 0,
      server_time: 1,
      station: { name: 'Queuecast', dj_label: 'Auto-DJ' },
      live: null,
      shows: [],
    };
    expect(PlaybackUpdateSchema.parse(update)).toEqual(update);
  });
});
