import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log-output.js';

/** A stream that says it is (or is not) a terminal, collecting what is written to it. */
function output(isTTY: boolean) {
  const stream = new PassThrough() as PassThrough & { isTTY: boolean };
  stream.isTTY = isTTY;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return {
    stream: stream as unknown as NodeJS.WriteStream,
    text: () => Buffer.concat(chunks).toString(),
  };
}

describe('loggerOptions', () => {
  it('logs JSON lines when the output is not a terminal', () => {
    expect(loggerOptions('warn', output(false).stream)).toEqual({ level: 'warn' });
  });

  it('logs readable lines with the level and time on a terminal', async () => {
    const out = output(true);
    const app = Fastify({ logger: loggerOptions('info', out.stream) });
    app.log.info({ listeners: 3 }, 'station on air');
    app.log.debug('below the level');
    await app.close();
    const text = out.text();
    expect(text).toMatch(/\[\d\d:\d\d:\d\d(\.\d+)?\] .*INFO.*station on air/);
    expect(text).toContain('listeners');
    expect(text).not.toContain('"level"');
    expect(text).not.toContain('below the level');
  });
});
