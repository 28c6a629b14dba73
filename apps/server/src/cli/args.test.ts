import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.js';

describe('parseArgs', () => {
  it('reads --name value, --name=value and positionals', () => {
    const { flags, positional } = parseArgs(['music', '--role', 'admin', '--password=a b']);
    expect(Object.fromEntries(flags)).toEqual({ role: 'admin', password: 'a b' });
    expect(positional).toEqual(['music']);
  });

  it('refuses an option without its value', () => {
    expect(() => parseArgs(['--username'])).toThrow(new UsageError('--username needs a value.'));
    expect(() => parseArgs(['--username', '--role', 'admin'])).toThrow(UsageError);
  });

  it('reads a switch alone, and refuses a value given to it', () => {
    const { flags, positional } = parseArgs(['backup.qcbackup', '--force'], ['force']);
    expect(Object.fromEntries(flags)).toEqual({ force: 'true' });
    expect(positional).toEqual(['backup.qcbackup']);
    expect(() => parseArgs(['--force=no'], ['force'])).toThrow(
      new UsageError('--force takes no value.'),
    );
  });
});
