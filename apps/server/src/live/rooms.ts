import { isStaff, type Role } from '@queuecast/contract';

/**
 * Where a live message goes: every socket, one user's sockets (all their tabs and devices),
 * or the sockets of signed-in staff.
 */
export type Room = 'all' | 'staff' | `user:${number}`;

/** The rooms of a socket: `all`, and with a user, theirs and `staff` for staff roles. */
export function roomsFor(user: { id: number; role: Role } | null): Room[] {
  if (!user) return ['all'];
  const rooms: Room[] = ['all', `user:${user.id}`];
  if (isStaff(user.role)) rooms.push('staff');
  return rooms;
}

/** Which members are in which room; a member's rooms are replaced as a whole. */
export class Rooms<M> {
  private readonly members = new Map<string, Set<M>>();
  private readonly joined = new Map<M, readonly string[]>();

  /** Puts `member` in exactly `rooms`, leaving any others it was in. */
  set(member: M, rooms: readonly string[]): void {
    this.leave(member);
    for (const room of rooms) {
      let set = this.members.get(room);
      if (!set) this.members.set(room, (set = new Set()));
      set.add(member);
    }
    this.joined.set(member, rooms);
  }

  leave(member: M): void {
    for (const room of this.joined.get(member) ?? []) {
      const set = this.members.get(room);
      set?.delete(member);
      if (set?.size === 0) this.members.delete(room);
    }
    this.joined.delete(member);
  }

  /** The members of `room` (empty when nobody is in it). */
  in(room: string): ReadonlySet<M> {
    return this.members.get(room) ?? EMPTY;
  }

  roomsOf(member: M): readonly string[] {
    return this.joined.get(member) ?? [];
  }

  clear(): void {
    this.members.clear();
    this.joined.clear();
  }
}

const EMPTY: ReadonlySet<never> = new Set();
