/**
 * Every API path and page route, declared once. The server registers `.pattern`; the web
 * builds URLs with `.path(params)`, whose parameter names come from the pattern, so renaming
 * or removing a route is a type error at every caller. No zod here: the web's first load
 * imports this file.
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? CleanName<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? CleanName<Name>
    : never;
type CleanName<N extends string> = N extends `${infer Base}?` ? Base : N;
type Optional<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? (Name extends `${infer Base}?` ? Base : never) | Optional<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name extends `${infer Base}?`
      ? Base
      : never
    : never;

/** A parameter's value; a list is written as its items, each encoded, joined by commas. */
type ParamValue = string | number | readonly (string | number)[];

export type PathParams<P extends string> = {
  [K in Exclude<ParamNames<P>, Optional<P>>]: ParamValue;
} & { [K in Optional<P>]?: ParamValue | undefined };

type Query = Record<string, string | number | boolean | undefined | null>;

export interface Route<P extends string> {
  /** The route as the server and the router declare it, e.g. `/api/song/:id`. */
  readonly pattern: P;
  /** A concrete path: parameters URL-encoded, an optional query appended (unset values left out). */
  path(
    ...args: keyof PathParams<P> extends never ? [query?: Query] : [PathParams<P>, Query?]
  ): string;
}

export function route<P extends string>(pattern: P): Route<P> {
  return {
    pattern,
    path(...args: unknown[]) {
      const hasParams = pattern.includes(':');
      const params = (hasParams ? args[0] : undefined) as Record<string, unknown> | undefined;
      const query = (hasParams ? args[1] : args[0]) as Query | undefined;
      const value = (name: string) => {
        const v = params?.[name] as ParamValue | undefined;
        if (v === undefined || v === '') return '';
        const items: readonly (string | number)[] = Array.isArray(v) ? v : [v as string | number];
        return items.map((item) => encodeURIComponent(String(item))).join(',');
      };
      const path = pattern
        .replace(/\/:([A-Za-z_]+)\?/g, (_, name: string) => {
          const v = value(name);
          return v === '' ? '' : `/${v}`;
        })
        .replace(/:([A-Za-z_]+)/g, (_, name: string) => value(name));
      return path + queryString(query);
    },
  };
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined && v !== null);
  if (pairs.length === 0) return '';
  return (
    '?' +
    pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')
  );
}

/** The HTTP API. */
export const API = {
  health: route('/healthz'),
  ready: route('/readyz'),
  webManifest: route('/manifest.webmanifest'),
  openapi: route('/api/openapi.json'),
  login: route('/api/auth/login'),
  signup: route('/api/auth/signup'),
  changePassword: route('/api/auth/change-password'),
  logoutOthers: route('/api/auth/logout-others'),
  me: route('/api/user/me'),
  referrals: route('/api/user/referrals'),
  favorites: route('/api/user/favorites'),
  favorite: route('/api/user/favorites/:songId'),
  userVotes: route('/api/userVotes'),
  song: route('/api/song/:id'),
  songVote: route('/api/song/:id/vote'),
  songComment: route('/api/song/:id/comment'),
  songPreview: route('/api/song/:id/preview'),
  songTweak: route('/api/song/:id/tweak'),
  addSong: route('/api/song'),
  upload: route('/api/song/upload'),
  songPlatforms: route('/api/songs/platforms'),
  songsWithoutFiles: route('/api/songs/without-files'),
  artistSearch: route('/api/search/artists'),
  fileSearch: route('/api/files/search'),
  fileAssociate: route('/api/files/:fileid/associate'),
  fileUnassociate: route('/api/files/:fileid/unassociate'),
  reviews: route('/api/review'),
  reviewApprove: route('/api/review/:id/approve'),
  reviewReject: route('/api/review/:id/reject'),
  queue: route('/api/queue'),
  requestAllowance: route('/api/queue/allowance'),
  artist: route('/api/artist/:id'),
  artistsByLetter: route('/api/artists/:letter'),
  platforms: route('/api/platforms'),
  platformSongs: route('/api/platforms/:platform'),
  tags: route('/api/tags'),
  tagSongs: route('/api/tags/:tags'),
  search: route('/api/search'),
  recentComments: route('/api/comments/recent'),
  unreadCount: route('/api/messages/unread/count'),
  messages: route('/api/messages'),
  conversations: route('/api/messages/conversations'),
  markRead: route('/api/messages/read'),
  userSearch: route('/api/users/search'),
  /** A person's public page; not under /api/users/, where `search` would read as a name. */
  profile: route('/api/profile/:username'),
  blocks: route('/api/user/blocks'),
  block: route('/api/user/blocks/:id'),
  feed: route('/api/feed'),
  oneliner: route('/api/oneliner'),
  onelinerMessage: route('/api/oneliner/:id'),
  mute: route('/api/moderation/users/:id/mute'),
  chatSettings: route('/api/moderation/chat-settings'),
  moderationLog: route('/api/moderation/log'),
  staffBackups: route('/api/staff/backups'),
  nowPlaying: route('/api/nowplaying'),
  statsListeners: route('/api/stats/listeners'),
  statsSessions: route('/api/stats/sessions'),
  statsActivity: route('/api/stats/activity'),
  statsTop: route('/api/stats/top'),
  statsPeople: route('/api/stats/people'),
  statsHeatmap: route('/api/stats/heatmap'),
  statsCsv: route('/api/stats/csv'),
  statsPanels: route('/api/stats/panels'),
  icecastStatus: route('/status-json.xsl'),
  metrics: route('/metrics'),
  oembed: route('/api/oembed'),
  embed: route('/embed'),
  adminUsers: route('/api/admin/users'),
  webhooks: route('/api/admin/webhooks'),
  webhook: route('/api/admin/webhooks/:id'),
  webhookDeliveries: route('/api/admin/webhooks/:id/deliveries'),
  webhookTest: route('/api/admin/webhooks/:id/test'),
  adminUserRole: route('/api/admin/users/:id/role'),
  adminUserLogout: route('/api/admin/users/:id/logout'),
  adminUserDj: route('/api/admin/users/:id/dj'),
  streamKey: route('/api/user/stream-key'),
  liveKick: route('/api/live/kick'),
  liveLine: route('/api/live/line'),
  liveRecordings: route('/api/live/recordings'),
  schedule: route('/api/schedule'),
  scheduledShow: route('/api/schedule/:id'),
  scheduledShowArtwork: route('/api/schedule/:id/artwork'),
  liveRecording: route('/api/live/recordings/:id'),
  /** Icecast's metadata update, as source clients send it (mode=updinfo, the DJ's credentials). */
  icecastMetadata: route('/admin/metadata'),
  skip: route('/api/station/skip'),
  /** A song's embedded cover art, `<content hash>.<ext>`; `?size=` for a square JPEG. */
  art: route('/api/art/:file'),
  /** The drawn cover of a song without art, `<song id>.svg`; `?size=` sets its width. */
  artPlaceholder: route('/api/art/placeholder/:file'),
} as const;

/**
 * The square sizes (pixels) cover art comes in: 96 for list thumbnails, 512 for the
 * now-playing panel, the song page and the media session. Without a size the art is sent as
 * it was embedded.
 */
export const ART_SIZES = [96, 512] as const;
export type ArtSize = (typeof ART_SIZES)[number];

/** A song's `cover_art_url` at one of the sizes: `<url>?size=<n>`. */
export function coverArtAt(url: string, size: ArtSize): string {
  return `${url}${url.includes('?') ? '&' : '?'}size=${size}`;
}

/**
 * The MIME type of a `cover_art_url` at a size: the drawn placeholder is SVG at every size,
 * embedded art at a size is JPEG.
 */
export function coverArtType(url: string): 'image/svg+xml' | 'image/jpeg' {
  return url.split('?')[0]!.endsWith('.svg') ? 'image/svg+xml' : 'image/jpeg';
}

/** Pages of the web client (absolute paths). */
export const PAGES = {
  queue: route('/'),
  login: route('/login'),
  signup: route('/signup'),
  profile: route('/profile'),
  /** A person's public page. */
  user: route('/user/:username'),
  feed: route('/feed'),
  artists: route('/artists/:letter?'),
  artist: route('/artist/:id'),
  platform: route('/platform/:platform?'),
  tags: route('/tags/:tags?'),
  search: route('/search'),
  song: route('/song/:id'),
  onelinerHistory: route('/onelinerhistory'),
  inbox: route('/inbox'),
  addSong: route('/addsong'),
  uploadSong: route('/uploadsong/:songId'),
  missingSongs: route('/missingsongs'),
  review: route('/review'),
  adminUsers: route('/admin/users'),
} as const;

/** The live WebSocket and the streams. */
export const LIVE_PATH = '/ws';
