import readline from 'node:readline';

/**
 * Asks questions on the terminal without echoing the answers (passwords). One interface for
 * all questions, so piped input (`printf 'pw\npw\n' | …`) answers them in order.
 */
export function createPrompter(): { ask(question: string): Promise<string>; close(): void } {
  const input = process.stdin;
  const rl = readline.createInterface({ input, output: process.stdout, terminal: input.isTTY });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  rl.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else lines.push(line);
  });
  rl.on('close', () => waiting.splice(0).forEach((resolve) => resolve('')));
  return {
    ask(question) {
      process.stdout.write(question);
      const muted = rl as unknown as { _writeToOutput: (s: string) => void };
      if (input.isTTY) muted._writeToOutput = () => undefined;
      const queued = lines.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise((resolve) =>
        waiting.push((line) => {
          if (input.isTTY) process.stdout.write('\n');
          resolve(line);
        }),
      );
    },
    close: () => rl.close(),
  };
}
