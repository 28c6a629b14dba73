import type { Role } from '@queuecast/contract';

/**
 * Whom each role may mute, and lift a mute from: the roles below its own; admins anyone but
 * admins. Listeners mute nobody.
 */
const MUTABLE: Record<Role, readonly Role[]> = {
  user: [],
  helper: ['user'],
  moderator: ['user', 'helper'],
  admin: ['user', 'helper', 'moderator'],
};

const WHOM: Record<Role, string> = {
  user: 'Listeners cannot mute anyone.',
  helper: 'Helpers can mute listeners only.',
  moderator: 'Moderators can mute listeners and helpers only.',
  admin: 'Admins cannot be muted.',
};

/**
 * Why `actor` may not mute `target` (or lift their mute), or null when they may. Nobody mutes
 * themselves, nor lifts their own mute: a muted helper would otherwise unmute themselves.
 */
export function muteRefusal(
  actor: { id: number; role: Role },
  target: { id: number; role: Role },
  lifting: boolean,
): string | null {
  if (actor.id === target.id) {
    return lifting ? 'You cannot lift your own mute.' : 'You cannot mute yourself.';
  }
  if (MUTABLE[actor.role].includes(target.role)) return null;
  return WHOM[actor.role];
}
