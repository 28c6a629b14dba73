import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { API } from '@queuecast/contract';
import type { App } from '../../src/app.js';
import { bearer, quickUser } from './factories.js';

export interface NamedUser {
  id: number;
  token: string;
  username: string;
}
export type Dj = NamedUser & { key: string };

/** A user with their username (the source clients' login). */
export async function namedUser(app: App, role?: string): Promise<NamedUser> {
  const user = await quickUser(app, role);
  const row = await app.ctx.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { ...user, username: row.username };
}

/**
 * A new DJ: an admin grants the permission (on air at any time, unless `anytime` is false:
 * then only in their scheduled shows) and the DJ reads their stream key.
 */
export async function newDj(app: App, admin: NamedUser, anytime = true): Promise<Dj> {
  const user = await namedUser(app);
  const granted = await app.inject({
    method: 'PUT',
    url: `/api/admin/users/${user.id}/dj`,
    headers: bearer(admin.token),
    payload: { dj: true, anytime },
  });
  if (granted.statusCode !== 200) throw new Error(`DJ not granted: ${granted.body}`);
  const key = await app.inject({
    method: 'GET',
    url: '/api/user/stream-key',
    headers: bearer(user.token),
  });
  return { ...user, key: key.json<{ key: string }>().key };
}

/** A moderator or admin ends the live show and bans its DJ for `banMinutes`; throws if refused. */
export async function kick(app: App, by: NamedUser, banMinutes: number): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: API.liveKick.path(),
    headers: bearer(by.token),
    payload: { ban_minutes: banMinutes },
  });
  if (res.statusCode !== 200) throw new Error(`kick refused: ${res.statusCode} ${res.body}`);
}

/** The Authorization header line of a source client. */
export const basicLine = (username: string, key: string) =>
  `Authorization: Basic ${Buffer.from(`${username}:${key}`).toString('base64')}`;

/**
 * Opens a connection to `port`, sends `head` (and `body`), and answers the server's first
 * answer as text (an accepted source's `200 OK`, after which the socket is closed here).
 */
export function rawSource(
  port: number,
  head: string,
  body: Buffer = Buffer.alloc(0),
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      if (/^HTTP\/1\.[01] (200|100)/.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

/**
 * ffmpeg streaming a tone to /live in real time, as DJs' software does: MP3 by default, or
 * Ogg (Vorbis, Opus) or AAC, with stream tags when given.
 */
export function ffmpegSource(
  ffmpeg: string,
  port: number,
  dj: { username: string; key: string },
  options: {
    freq: number;
    format?: 'mp3' | 'vorbis' | 'opus' | 'aac';
    tags?: Record<string, string>;
    onLog?: (line: string) => void;
  },
): ChildProcess {
  const codec = {
    mp3: ['-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg', '-f', 'mp3'],
    vorbis: ['-c:a', 'libvorbis', '-content_type', 'application/ogg', '-f', 'ogg'],
    opus: ['-c:a', 'libopus', '-content_type', 'audio/ogg', '-f', 'ogg'],
    aac: ['-c:a', 'aac', '-b:a', '128k', '-content_type', 'audio/aac', '-f', 'adts'],
  }[options.format ?? 'mp3'];
  const tags = Object.entries(options.tags ?? {}).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `sine=frequency=${options.freq}:sample_rate=48000`],
      ...['-ac', '2', ...tags, ...codec],
      `icecast://${dj.username}:${dj.key}@127.0.0.1:${port}/live`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (d: Buffer) => options.onLog?.(d.toString()));
  return child;
}
