import { describe, expect, it } from 'vitest';
import { sourceVerdict } from './source-connections.js';

describe('which connections are sources', () => {
  it('takes SOURCE and PUT to the live mount, leaves everything else to HTTP', () => {
    const v = (s: string) => sourceVerdict(Buffer.from(s, 'latin1'));
    expect(v('SOURCE /live HTTP/1.0')).toBe('source');
    expect(v('SOURCE /anything')).toBe('source');
    expect(v('PUT /live HTTP/1.1')).toBe('source');
    expect(v('PUT /live?x=1 HTTP/1.1')).toBe('source');
    expect(v('SOUR')).toBe('undecided');
    expect(v('PUT /li')).toBe('undecided');
    expect(v('PUT /lived HTTP/1.1')).toBe('http');
    expect(v('PUT /api/user/stream-key HTTP/1.1')).toBe('http');
    expect(v('GET / HTTP/1.1')).toBe('http');
    expect(v('G')).toBe('http');
    expect(v('OPTIONS * HTTP/1.1')).toBe('source');
    expect(v('OPTIONS /api/songs HTTP/1.1')).toBe('http');
  });
});
