import { describe, expect, it } from 'vitest';
import { Rooms, roomsFor } from './rooms.js';

describe('roomsFor', () => {
  it('puts everyone in all, a user in theirs, staff in staff', () => {
    expect(roomsFor(null)).toEqual(['all']);
    expect(roomsFor({ id: 7, role: 'user' })).toEqual(['all', 'user:7']);
    for (const role of ['helper', 'moderator', 'admin'] as const) {
      expect(roomsFor({ id: 8, role })).toEqual(['all', 'user:8', 'staff']);
    }
  });
});

describe('Rooms', () => {
  it('replaces a member’s rooms as a whole and forgets empty rooms', () => {
    const rooms = new Rooms<string>();
    rooms.set('a', ['all', 'user:1']);
    rooms.set('b', ['all', 'user:1', 'staff']);
    rooms.set('c', ['all']);
    expect([...rooms.in('all')]).toEqual(['a', 'b', 'c']);
    expect([...rooms.in('user:1')]).toEqual(['a', 'b']);
    expect([...rooms.in('staff')]).toEqual(['b']);
    rooms.set('b', ['all']); // logout
    expect([...rooms.in('user:1')]).toEqual(['a']);
    expect([...rooms.in('staff')]).toEqual([]);
    expect(rooms.roomsOf('b')).toEqual(['all']);
    rooms.leave('a');
    expect([...rooms.in('user:1')]).toEqual([]);
    expect([...rooms.in('all')]).toEqual(['c', 'b']);
    expect(rooms.roomsOf('a')).toEqual([]);
  });
});
