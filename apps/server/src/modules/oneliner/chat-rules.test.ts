import { describe, expect, it } from 'vitest';
import { maskWords } from './chat-rules.js';

describe('maskWords', () => {
  it('masks whole words whatever their case, and leaves the rest', () => {
    expect(maskWords('Darn it, DARN!', ['darn'])).toBe('**** it, ****!');
    expect(maskWords('darning socks', ['darn'])).toBe('darning socks');
    expect(maskWords('no filter', [])).toBe('no filter');
  });

  it('takes words with pattern characters literally, and letters beyond ASCII', () => {
    expect(maskWords('a+b or ab', ['a+b'])).toBe('*** or ab');
    expect(maskWords('Käse und käsekuchen', ['käse'])).toBe('**** und käsekuchen');
  });
});
