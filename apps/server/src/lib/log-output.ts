import type { FastifyServerOptions } from 'fastify';
import type pretty from 'pino-pretty';
import { loadOnUse } from './load-on-use.js';

/**
 * How the server logs: one JSON object per line when its output goes to a file, a pipe or a
 * log collector; coloured, aligned lines with the local time when a person watches a terminal.
 * The pretty stream writes synchronously, so nothing waits in a worker thread when the process
 * exits.
 */
export function loggerOptions(
  level: string,
  output: NodeJS.WriteStream = process.stdout,
): FastifyServerOptions['logger'] {
  if (!output.isTTY) return { level };
  return {
    level,
    stream: loadOnUse<typeof pretty>('pino-pretty')({
      destination: output,
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
    }),
  };
}
