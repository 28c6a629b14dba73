import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.js';

describe('parseArgs', () => {
  it('reads --name value, --name=value, bare flags and positionals', () => {
    const { flags, positional } = parseArgs([
      'music',
      '--role',
      'admin',
      '--password=a b',
      '--dry',
    ]);
    expect(Object.fromEntries(flags)).toEqual({ role: 'admin', password: 'a b', dry: 'true' });
    expect(positional).toEqual(['music']);
  });
});
