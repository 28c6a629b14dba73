import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PipeTaker } from './pipe-taker.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');

describe('PipeTaker', () => {
  it("leaves a child's output in the pipe until asked, then takes it all at once", async () => {
    // Each line on its stdin lets the child write its next word.
    const child = spawn('sh', ['-c', 'printf one; read a; printf two; read b; printf three'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const taker = new PipeTaker(child.stdout);
    const exited = new Promise<Buffer[]>((resolve) =>
      child.once('exit', () => resolve(taker.take(true))),
    );
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    /** Asks until something comes; the stream itself never reads meanwhile. */
    const next = async () => {
      for (let i = 0; i < 500; i++) {
        const got = taker.take();
        expect(child.stdout.readableLength).toBe(0);
        if (got.length > 0) return text(got);
        await sleep(10);
      }
      return '';
    };

    expect(await next()).toBe('one');
    await sleep(50);
    expect(taker.take()).toEqual([]); // nothing more written: no wait, no bytes
    child.stdin.write('\n');
    expect(await next()).toBe('two');
    child.stdin.end('\n');
    // At the child's exit, the rest to the end; the stream ends, so 'close' comes.
    expect(text(await exited)).toBe('three');
    await closed;
    expect(taker.take()).toEqual([]);
  });

  it('takes output larger than one read, in order', async () => {
    const size = 150_000;
    const child = spawn('head', ['-c', String(size), '/dev/urandom'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const taker = new PipeTaker(child.stdout);
    const got: Buffer[] = [];
    // The pipe holds 64 KB: the child waits on it until taken.
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    let done = false;
    void exited.then(() => {
      got.push(...taker.take(true));
      done = true;
    });
    while (!done) {
      got.push(...taker.take());
      await sleep(20);
    }
    await closed;
    expect(Buffer.concat(got).length).toBe(size);
  });

  it('lets the rest go on release, so the child can finish and close', async () => {
    const child = spawn('head', ['-c', '300000', '/dev/zero'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const taker = new PipeTaker(child.stdout);
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    await sleep(100);
    taker.release();
    expect(await closed).toBe(0);
    expect(taker.take()).toEqual([]);
  });
});
