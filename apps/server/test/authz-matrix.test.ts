import { API } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

/**
 * Who may call what, checked on the server for every guarded operation and every role:
 * anonymous callers get 401, roles below the operation's level get 403 with the guard's text,
 * and the roles at or above it get past the guard (whatever the call then answers).
 */

type Level = 'user' | 'staff' | 'moderator' | 'admin';
const ROLES = ['user', 'helper', 'moderator', 'admin'] as const;
const ALLOWED: Record<Level, readonly string[]> = {
  user: ROLES,
  staff: ['helper', 'moderator', 'admin'],
  moderator: ['moderator', 'admin'],
  admin: ['admin'],
};
const GUARD_REFUSAL = 'You do not have permission to do that.';
const MISSING = 2_000_000_000;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: string;
  url: (songId: number) => string;
  level: Level;
  body?: (songId: number) => Record<string, unknown>;
  multipart?: boolean;
  /** It ends the caller's other sessions: each role calls it with a token of its own. */
  revokesOwnTokens?: boolean;
}

const op = (
  method: Operation['method'],
  pattern: string,
  level: Level,
  url: (songId: number) => string = () => pattern,
  body?: (songId: number) => Record<string, unknown>,
): Operation => ({ method, pattern, url, level, ...(body ? { body } : {}) });

/** A themed show, valid to plan (the schedule's routes). */
const SHOW = { title: 'Matrix Hour', kind: 'themed', starts_at: 1, minutes: 30, theme: {} };

/** Every guarded operation. A new guarded route must be added here (a test checks it). */
const OPERATIONS: Operation[] = [
  op('PUT', API.changePassword.pattern, 'user', undefined, () => ({
    currentPassword: 'not-the-password',
    newPassword: 'a-new-password',
  })),
  { ...op('POST', API.logoutOthers.pattern, 'user'), revokesOwnTokens: true },
  op('GET', API.me.pattern, 'user'),
  op('GET', API.referrals.pattern, 'user'),
  op('GET', API.favorites.pattern, 'user'),
  op('POST', API.favorites.pattern, 'user', undefined, () => ({ song_id: MISSING })),
  op('DELETE', API.favorite.pattern, 'user', () => API.favorite.path({ songId: MISSING })),
  op('GET', API.userVotes.pattern, 'user'),
  op('POST', API.song.pattern, 'user', () => API.song.path({ id: MISSING })),
  op(
    'POST',
    API.songVote.pattern,
    'user',
    () => API.songVote.path({ id: MISSING }),
    () => ({
      vote: 3,
    }),
  ),
  op('DELETE', API.songVote.pattern, 'user', () => API.songVote.path({ id: MISSING })),
  op(
    'POST',
    API.songComment.pattern,
    'user',
    () => API.songComment.path({ id: MISSING }),
    () => ({
      comment: 'hello',
    }),
  ),
  op('GET', API.songPreview.pattern, 'user', () => API.songPreview.path({ id: MISSING })),
  op('POST', API.queue.pattern, 'user', undefined, () => ({ from_favorites: true })),
  op('GET', API.requestAllowance.pattern, 'user'),
  op('GET', API.unreadCount.pattern, 'user'),
  op('GET', API.messages.pattern, 'user', () => API.messages.path({ with: MISSING })),
  op('POST', API.messages.pattern, 'user', undefined, () => ({ to_uid: MISSING, message: 'hi' })),
  op('GET', API.conversations.pattern, 'user'),
  op('PUT', API.markRead.pattern, 'user', undefined, () => ({ messageIds: [MISSING] })),
  op('GET', API.userSearch.pattern, 'user', () => API.userSearch.path({ search: 'abc' })),
  op('GET', API.blocks.pattern, 'user'),
  op('PUT', API.block.pattern, 'user', () => API.block.path({ id: MISSING })),
  op('DELETE', API.block.pattern, 'user', () => API.block.path({ id: MISSING })),
  op('POST', API.oneliner.pattern, 'user', undefined, () => ({ message: 'hello' })),
  op('POST', API.addSong.pattern, 'user', undefined, () => ({
    artist_id: MISSING,
    title: 'A title',
    platform: 'Nowhere',
  })),
  { ...op('POST', API.upload.pattern, 'user'), multipart: true },
  op('GET', API.songPlatforms.pattern, 'user'),
  op(
    'POST',
    API.songTweak.pattern,
    'staff',
    (id) => API.songTweak.path({ id }),
    () => ({
      h_length: 0,
      h_skip: 0,
      h_fadeout: 0,
    }),
  ),
  op('GET', API.songsWithoutFiles.pattern, 'staff'),
  op('GET', API.fileSearch.pattern, 'staff', () => API.fileSearch.path({ q: 'tone' })),
  op(
    'PUT',
    API.fileAssociate.pattern,
    'staff',
    () => API.fileAssociate.path({ fileid: MISSING }),
    (id) => ({
      songId: id,
    }),
  ),
  op('PUT', API.fileUnassociate.pattern, 'staff', () =>
    API.fileUnassociate.path({ fileid: MISSING }),
  ),
  op('GET', API.reviews.pattern, 'staff'),
  op('GET', API.staffBackups.pattern, 'staff'),
  ...(
    ['statsListeners', 'statsSessions', 'statsActivity', 'statsPeople', 'statsHeatmap'] as const
  ).map((name) =>
    op('GET', API[name].pattern, 'staff', () => API[name].path({ from: 0, to: 86_400 })),
  ),
  op('GET', API.statsTop.pattern, 'staff', () =>
    API.statsTop.path({ from: 0, to: 86_400, kind: 'songs' }),
  ),
  op('GET', API.statsCsv.pattern, 'staff', () =>
    API.statsCsv.path({ from: 0, to: 86_400, panel: 'listeners' }),
  ),
  op('PUT', API.statsPanels.pattern, 'admin', undefined, () => ({ public: [] })),
  op('GET', API.webhooks.pattern, 'admin'),
  op('POST', API.webhooks.pattern, 'admin', undefined, () => ({
    url: 'https://example.com/hook',
    events: ['track.started'],
  })),
  op(
    'PUT',
    API.webhook.pattern,
    'admin',
    () => API.webhook.path({ id: MISSING }),
    () => ({ url: 'https://example.com/hook', events: ['track.started'] }),
  ),
  op('DELETE', API.webhook.pattern, 'admin', () => API.webhook.path({ id: MISSING })),
  op('GET', API.webhookDeliveries.pattern, 'admin', () =>
    API.webhookDeliveries.path({ id: MISSING }),
  ),
  op('POST', API.webhookTest.pattern, 'admin', () => API.webhookTest.path({ id: MISSING })),
  op('PUT', API.reviewApprove.pattern, 'staff', () => API.reviewApprove.path({ id: MISSING })),
  op('PUT', API.reviewReject.pattern, 'staff', () => API.reviewReject.path({ id: MISSING })),
  op('DELETE', API.onelinerMessage.pattern, 'staff', () =>
    API.onelinerMessage.path({ id: MISSING }),
  ),
  op(
    'POST',
    API.mute.pattern,
    'staff',
    () => API.mute.path({ id: MISSING }),
    () => ({
      minutes: 5,
    }),
  ),
  op('GET', API.chatSettings.pattern, 'staff'),
  op('PUT', API.chatSettings.pattern, 'staff', undefined, () => ({
    slow_mode_seconds: 0,
    word_filter: [],
  })),
  op('GET', API.moderationLog.pattern, 'admin'),
  op('GET', API.adminUsers.pattern, 'admin'),
  op(
    'PUT',
    API.adminUserRole.pattern,
    'admin',
    () => API.adminUserRole.path({ id: MISSING }),
    () => ({
      role: 'helper',
    }),
  ),
  op('POST', API.adminUserLogout.pattern, 'admin', () => API.adminUserLogout.path({ id: MISSING })),
  op('POST', API.skip.pattern, 'moderator'),
  op(
    'PUT',
    API.adminUserDj.pattern,
    'admin',
    () => API.adminUserDj.path({ id: MISSING }),
    () => ({ dj: true }),
  ),
  op('GET', API.streamKey.pattern, 'user'),
  op('POST', API.streamKey.pattern, 'user'),
  op('POST', API.liveKick.pattern, 'moderator', undefined, () => ({ ban_minutes: 0 })),
  op('POST', API.schedule.pattern, 'staff', undefined, () => SHOW),
  op(
    'PUT',
    API.scheduledShow.pattern,
    'staff',
    () => API.scheduledShow.path({ id: MISSING }),
    () => SHOW,
  ),
  op('DELETE', API.scheduledShow.pattern, 'staff', () => API.scheduledShow.path({ id: MISSING })),
  op('PUT', API.scheduledShowArtwork.pattern, 'staff', () =>
    API.scheduledShowArtwork.path({ id: MISSING }),
  ),
  op('DELETE', API.scheduledShowArtwork.pattern, 'staff', () =>
    API.scheduledShowArtwork.path({ id: MISSING }),
  ),
  op('GET', API.liveLine.pattern, 'user'),
  op('POST', API.liveLine.pattern, 'user', undefined, () => ({ message: 'hello' })),
];

let app: App;
let songId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  songId = await createSong(app, { length: 120 });
  for (const role of ROLES) tokens[role] = (await quickUser(app, role)).token;
});

function call(operation: Operation, token: string | undefined) {
  const headers: Record<string, string> = token ? bearer(token) : {};
  if (operation.multipart) {
    const boundary = 'queuecastmatrix';
    return app.inject({
      method: operation.method,
      url: operation.url(songId),
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="songid"\r\n\r\n${MISSING}\r\n--${boundary}--\r\n`,
    });
  }
  return app.inject({
    method: operation.method,
    url: operation.url(songId),
    headers,
    ...(operation.body ? { payload: operation.body(songId) } : {}),
  });
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describe('the authorisation matrix', () => {
  it('covers every operation that declares 401 for a missing login', async () => {
    const doc = (await app.inject({ url: API.openapi.path() })).json<OpenApiDoc>();
    const guarded: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, spec] of Object.entries(operations)) {
        // Login answers 401 for wrong credentials, not for a missing token; so does Icecast's
        // metadata update, whose credentials are a DJ's stream key (HTTP Basic), not a token,
        // and /metrics, whose token is METRICS_TOKEN.
        const credentialed = [
          API.login.pattern,
          API.icecastMetadata.pattern,
          API.metrics.pattern,
        ] as string[];
        if ('401' in spec.responses && !credentialed.includes(path)) {
          guarded.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
        }
      }
    }
    const listed = OPERATIONS.map((o) => `${o.method} ${o.pattern}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...guarded].sort()).toEqual([...listed].sort());
  });

  it.each(OPERATIONS.map((o) => [`${o.method} ${o.pattern}`, o] as const))(
    '%s: 401 anonymous, 403 below its level, past the guard at or above it',
    async (_name, operation) => {
      const anonymous = await call(operation, undefined);
      expect(anonymous.statusCode, 'anonymous').toBe(401);
      for (const role of ROLES) {
        const token = operation.revokesOwnTokens
          ? (await quickUser(app, role)).token
          : tokens[role];
        const res = await call(operation, token);
        const refused =
          res.statusCode === 403 && res.json<{ error: string }>().error === GUARD_REFUSAL;
        if (ALLOWED[operation.level].includes(role)) {
          expect(res.statusCode, `${role}: ${res.body}`).not.toBe(401);
          expect(refused, `${role}: ${res.body}`).toBe(false);
          expect(res.statusCode, `${role}: ${res.body}`).not.toBe(500);
        } else {
          expect(res.statusCode, role).toBe(403);
          expect(refused, role).toBe(true);
        }
      }
    },
  );
});
