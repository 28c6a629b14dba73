import readline from 'node:readline';
import { UsageError } from './args.js';

/**
 * Asks questions on the terminal without echoing the answers (passwords). One interface for
 * all questions, so piped input (`printf 'pw\npw\n' | …`) answers them in order.
 */
export function createPrompter(): { ask(question: string): Promise<string>; close(): void } {
  const input = process.stdin;
  const rl = readline.createInterface({ input, output: process.stdout, terminal: input.isTTY });
  const lines: string[] = [];
  const waiting: { resolve: (line: string) => void; reject: (err: Error) => void }[] = [];
  // Input that ends before a question is answered (closed or exhausted stdin) fails that
  // question at once, instead of leaving it waiting for ever.
  let ended = false;
  const noAnswer = () => new UsageError('No answer: standard input ended.');
  rl.on('line', (line) => {
    const next = waiting.shift();
    if (next) next.resolve(line);
    else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    waiting.splice(0).forEach(({ reject }) => reject(noAnswer()));
  });
  return {
    ask(question) {
      process.stdout.write(question);
      const muted = rl as unknown as { _writeToOutput: (s: string) => void };
      if (input.isTTY) muted._writeToOutput = () => undefined;
      const queued = lines.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      if (ended) return Promise.reject(noAnswer());
      return new Promise((resolve, reject) =>
        waiting.push({
          resolve: (line) => {
            if (input.isTTY) process.stdout.write('\n');
            resolve(line);
          },
          reject,
        }),
      );
    },
    close: () => rl.close(),
  };
}
