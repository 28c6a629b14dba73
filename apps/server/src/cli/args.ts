/** A command line the command cannot use; its message says why. */
export class UsageError extends Error {
  // Its name survives the minified build (logs name an error by its class).
  static {
    Object.defineProperty(this, 'name', { value: 'UsageError' });
  }
}

/**
 * `--name value` and `--name=value` pairs; positional words are kept in order. Every option
 * takes a value (one given without it is refused, rather than taken for the word 'true'),
 * except the `switches` named, which stand alone and read as 'true'.
 */
export function parseArgs(
  argv: string[],
  switches: readonly string[] = [],
): { flags: Map<string, string>; positional: string[] } {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const next = argv[i + 1];
      if (switches.includes(name)) {
        if (inline !== undefined) throw new UsageError(`--${name} takes no value.`);
        flags.set(name, 'true');
      } else if (inline !== undefined) flags.set(name, inline);
      else if (next !== undefined && !next.startsWith('--')) {
        flags.set(name, next);
        i++;
      } else throw new UsageError(`--${name} needs a value.`);
    } else positional.push(arg);
  }
  return { flags, positional };
}
