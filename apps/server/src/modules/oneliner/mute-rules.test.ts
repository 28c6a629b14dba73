import { ROLES, type Role } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { muteRefusal } from './mute-rules.js';

const who = (id: number, role: Role) => ({ id, role });

describe('muteRefusal', () => {
  it('lets each staff role mute exactly the roles below it, admins all but admins', () => {
    const allowed = (actor: Role) =>
      ROLES.filter((target) => muteRefusal(who(1, actor), who(2, target), false) === null);
    expect(allowed('user')).toEqual([]);
    expect(allowed('helper')).toEqual(['user']);
    expect(allowed('moderator')).toEqual(['user', 'helper']);
    expect(allowed('admin')).toEqual(['user', 'helper', 'moderator']);
  });

  it('says whom the role may mute when it refuses', () => {
    expect(muteRefusal(who(1, 'helper'), who(2, 'moderator'), false)).toBe(
      'Helpers can mute listeners only.',
    );
    expect(muteRefusal(who(1, 'moderator'), who(2, 'moderator'), false)).toBe(
      'Moderators can mute listeners and helpers only.',
    );
    expect(muteRefusal(who(1, 'admin'), who(2, 'admin'), false)).toBe('Admins cannot be muted.');
  });

  it('applies the same rules to lifting a mute', () => {
    expect(muteRefusal(who(1, 'helper'), who(2, 'helper'), true)).toBe(
      'Helpers can mute listeners only.',
    );
    expect(muteRefusal(who(1, 'moderator'), who(2, 'helper'), true)).toBeNull();
  });

  it('refuses oneself, whatever the role', () => {
    for (const role of ROLES) {
      expect(muteRefusal(who(5, role), who(5, role), false)).toBe('You cannot mute yourself.');
      expect(muteRefusal(who(5, role), who(5, role), true)).toBe('You cannot lift your own mute.');
    }
  });
});
