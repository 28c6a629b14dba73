import crypto from 'node:crypto';
import type { SignupResponse } from '@queuecast/contract';
import type { App } from '../../src/app.js';

export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
}

export interface CreatedUser extends SignupResponse {
  password: string;
}

/** Signs up through the real endpoint, as a client would. */
export async function createUser(
  app: App,
  overrides: { username?: string; password?: string; referralCode?: string; role?: string } = {},
): Promise<CreatedUser> {
  const password = overrides.password ?? 'password1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      username: overrides.username ?? uniqueName(),
      password,
      referralCode: overrides.referralCode,
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const body = res.json<SignupResponse>();
  if (overrides.role && overrides.role !== 'user') {
    await app.ctx.repos.users.setRole(body.user.id, overrides.role);
  }
  return { ...body, password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Adds a song straight into the catalogue (no audio), as an import would. */
export async function createSong(
  app: App,
  song: {
    title?: string;
    artists?: (string | { name: string; countryCode?: string })[];
    platform?: string;
    tags?: string[];
    length?: number;
  } = {},
): Promise<number> {
  return app.ctx.services.library.addSong({
    title: song.title ?? uniqueName('Song'),
    artists: (song.artists ?? [uniqueName('Artist')]).map((a) =>
      typeof a === 'string' ? { name: a } : a,
    ),
    platform: song.platform ? { name: song.platform } : null,
    tags: song.tags ?? [],
    length: song.length ?? 120,
  });
}

/**
 * A listener straight in the database with a signed token, for tests that need many of them
 * (no sign-up, so no password hashing). It cannot log in with a password.
 */
export async function quickUser(app: App, role = 'user'): Promise<{ id: number; token: string }> {
  const row = await app.ctx.repos.users.insert({
    username: uniqueName('quick'),
    email: null,
    password_hash: 'not-a-hash',
    role,
    created_at: Math.floor(Date.now() / 1000),
  });
  const token = await app.ctx.tokens.sign({
    id: row.id,
    username: row.username,
    role: row.role as 'user',
    tokenVersion: row.token_version,
  });
  return { id: row.id, token };
}

/** Gives a song a file record and makes it playable, as far as the catalogue knows. */
export async function makePlayable(app: App, songId: number, stored = `zz/${songId}.mp3`) {
  await app.ctx.db
    .insertInto('files')
    .values({
      filename: `${songId}.mp3`,
      stored_path: stored,
      size: 1,
      content_hash: `hash-${songId}-${stored}`,
      duration: 120,
      format: 'mp3',
      song_id: songId,
      uploaded_by: null,
      created_at: Math.floor(Date.now() / 1000),
    })
    .execute();
  await app.ctx.db
    .updateTable('songs')
    .set({ status: 'active' })
    .where('id', '=', songId)
    .execute();
}

/**
 * A stored file record, loose (`songId` null) or on a song, without touching the song's
 * status; `pending` marks a listener's upload waiting for review. No audio on disk.
 */
export async function createFile(
  app: App,
  file: {
    songId?: number | null;
    filename?: string;
    duration?: number | null;
    pending?: boolean;
  } = {},
): Promise<number> {
  const name = file.filename ?? `${uniqueName('file')}.mp3`;
  const row = await app.ctx.db
    .insertInto('files')
    .values({
      filename: name,
      stored_path: `zz/${uniqueName('stored')}.mp3`,
      size: 1,
      content_hash: uniqueName('hash'),
      duration: file.duration === undefined ? 180 : file.duration,
      format: 'mp3',
      song_id: file.songId ?? null,
      uploaded_by: null,
      created_at: Math.floor(Date.now() / 1000),
      pending: file.pending ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
