import { spawn, type ChildProcess } from 'node:child_process';
import { expect, type APIRequestContext } from '@playwright/test';

// Live shows: the DJ permission and stream key through the API, and a real source client
// (ffmpeg streaming a sine tone as MP3 to the station's /live mount).

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Grants (or revokes) the DJ permission as an admin, to go on air at any time (`anytime`: not
 * only in a scheduled show; a server without schedules ignores it).
 */
export async function setDj(
  request: APIRequestContext,
  adminToken: string,
  userId: number,
  dj = true,
) {
  const res = await request.put(`/api/admin/users/${userId}/dj`, {
    headers: bearer(adminToken),
    data: dj ? { dj, anytime: true } : { dj },
  });
  expect(res.status()).toBe(200);
}

/** The DJ's stream key, as their profile shows it. */
export async function streamKey(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/user/stream-key', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { key: string }).key;
}

export interface Source {
  /** Ends the source client's connection, as a DJ closing their software. */
  stop(): void;
}

/** Streams a sine tone to `port`'s /live mount as `username` with `key`, the show named `name`. */
export function startSource(opts: {
  port: number;
  username: string;
  key: string;
  name: string;
}): Source {
  const url = `icecast://${encodeURIComponent(opts.username)}:${opts.key}@127.0.0.1:${opts.port}/live`;
  const child: ChildProcess = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=880', '-ac', '2'],
      ...['-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg'],
      ...['-ice_name', opts.name, '-f', 'mp3', url],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  let stopped = false;
  child.on('exit', (code, signal) => {
    if (!stopped) console.warn(`the source client ended by itself (${code ?? signal})`);
  });
  return {
    stop: () => {
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Sends the DJ's current title the Icecast way, as BUTT and Mixxx do. */
export async function sendTitle(
  request: APIRequestContext,
  dj: { username: string; key: string },
  title: string,
) {
  const basic = Buffer.from(`${dj.username}:${dj.key}`).toString('base64');
  const query = new URLSearchParams({ mode: 'updinfo', mount: '/live', song: title });
  const res = await request.get(`/admin/metadata?${query}`, {
    headers: { authorization: `Basic ${basic}` },
  });
  expect(res.status()).toBe(200);
}
