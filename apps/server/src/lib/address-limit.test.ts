import { describe, expect, it } from 'vitest';
import { AddressLimit } from './address-limit.js';

describe('AddressLimit', () => {
  it('counts each address up to the cap and frees a place per socket gone', () => {
    const limit = new AddressLimit(2);
    expect([limit.tryAdd('a'), limit.tryAdd('a'), limit.tryAdd('a')]).toEqual([true, true, false]);
    expect([limit.hasRoom('a'), limit.hasRoom('b')]).toEqual([false, true]);
    expect(limit.tryAdd('b')).toBe(true);
    limit.remove('a');
    expect(limit.count('a')).toBe(1);
    expect(limit.tryAdd('a')).toBe(true);
    expect(limit.tryAdd('a')).toBe(false);
    limit.remove('b');
    limit.remove('b'); // never below zero
    expect(limit.count('b')).toBe(0);
    expect([limit.tryAdd('b'), limit.tryAdd('b'), limit.tryAdd('b')]).toEqual([true, true, false]);
  });
});
