/** `--name value` and `--flag` pairs; positional words are kept in order. */
export function parseArgs(argv: string[]): { flags: Map<string, string>; positional: string[] } {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const next = argv[i + 1];
      if (inline !== undefined) flags.set(name, inline);
      else if (next !== undefined && !next.startsWith('--')) {
        flags.set(name, next);
        i++;
      } else flags.set(name, 'true');
    } else positional.push(arg);
  }
  return { flags, positional };
}
