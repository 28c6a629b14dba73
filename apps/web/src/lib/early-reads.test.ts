import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { takeEarlyRead, type EarlyRead } from './early-reads';

/** The starter script of index.html, run against a page with `early` and a stored `token`. */
function runStarter(early: string | null, token: string | null) {
  const html = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const sent: { path: string; headers: Record<string, string> }[] = [];
  const window: { __earlyReads?: Record<string, EarlyRead> } = {};
  const context = {
    window,
    document: {
      documentElement: { getAttribute: (name: string) => (name === 'data-early' ? early : null) },
    },
    localStorage: { getItem: (key: string) => (key === 'authToken' ? token : null) },
    fetch: (path: string, init: { headers: Record<string, string> }) => {
      sent.push({ path, headers: init.headers });
      return path.includes('offline')
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ ok: true, path });
    },
  };
  vm.runInNewContext(script, context);
  return { sent, reads: window.__earlyReads };
}

describe('the early reads', () => {
  it("index.html's starter sends each named read with the stored token, as api() would", async () => {
    const { sent, reads } = runStarter('/api/song/7 /api/offline', 'tok');
    expect(sent).toEqual([
      { path: '/api/song/7', headers: { authorization: 'Bearer tok' } },
      { path: '/api/offline', headers: { authorization: 'Bearer tok' } },
    ]);
    expect(reads!['/api/song/7']!.token).toBe('tok');
    await expect(reads!['/api/song/7']!.response).resolves.toEqual({
      ok: true,
      path: '/api/song/7',
    });
    // No answer is null, never a rejection nobody waits for.
    await expect(reads!['/api/offline']!.response).resolves.toBeNull();
  });

  it('the starter sends without a token when none is stored, and nothing when none is named', () => {
    expect(runStarter('/api/search?q=a', null).sent).toEqual([
      { path: '/api/search?q=a', headers: {} },
    ]);
    expect(runStarter(null, 'tok')).toEqual({ sent: [], reads: undefined });
  });

  it('the starter reads the key the session stores its token under', async () => {
    Object.assign(globalThis, {
      localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      window: { addEventListener: () => {} },
    });
    const { STORAGE_KEYS } = await import('./session');
    const html = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.token}')`);
  });

  it('a read is taken once, and only by the session whose token it carried', async () => {
    const answer = Promise.resolve(null);
    const reads: Record<string, EarlyRead> = {
      '/api/song/7': { token: 'tok', response: answer },
      '/api/profile/ann': { token: 'old', response: answer },
      '/api/search?q=a': { token: null, response: answer },
    };
    expect(takeEarlyRead('/api/song/7', 'tok', reads)).toBe(answer);
    expect(takeEarlyRead('/api/song/7', 'tok', reads)).toBeNull();
    // Sent with a token this session does not hold (one it dropped as expired): asked again.
    expect(takeEarlyRead('/api/profile/ann', null, reads)).toBeNull();
    expect(reads['/api/profile/ann']).toBeUndefined();
    // Sent signed out, taken by a session that signed in since: asked again.
    expect(takeEarlyRead('/api/search?q=a', 'new', reads)).toBeNull();
    expect(takeEarlyRead('/api/other', 'tok', reads)).toBeNull();
    expect(takeEarlyRead('/api/song/7', 'tok', undefined)).toBeNull();
  });
});
