import { describe, expect, it } from 'vitest';
import { decodeToken } from './jwt';

const encode = (obj: unknown) => Buffer.from(JSON.stringify(obj)).toString('base64url');

describe('decodeToken', () => {
  it('reads the payload, including non-ASCII usernames', () => {
    const payload = { id: 1, username: 'zoë', role: 'user', tv: 0, exp: 2_000_000_000 };
    expect(decodeToken(`${encode({ alg: 'HS256' })}.${encode(payload)}.sig`)).toEqual(payload);
  });

  it('answers null for anything undecodable or incomplete', () => {
    expect(decodeToken('garbage')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
    expect(decodeToken(`x.${encode({ id: 1, username: 'a' })}.y`)).toBeNull();
  });
});
