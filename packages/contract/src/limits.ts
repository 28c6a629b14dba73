/**
 * Numbers the product promises (page sizes, lengths, limits). Server and client read them from here. This file
 * imports no zod, so the web client's first load can use it without carrying the schemas.
 */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 4,
  passwordMax: 200,
  emailMax: 254,
  chatMax: 1024,
  commentMax: 2000,
  onelinerPageSize: 20,
  referralCodesPerUser: 3,
  pageSize: 500,
  maxTagLimit: 10000,
  relatedTagsShown: 8,
  messagePreviewChars: 64,
  privateMessageMax: 2000,
  threadPageSize: 50,
  userSearchMax: 10,
  feedPageSize: 30,
  historyLength: 20,
  /** Each list of a person's page (requests, favourites, votes, comments, chat lines). */
  profileListMax: 20,
  /** A session token in a live `auth` message. */
  tokenMax: 2048,
  /** A dedication sent to the DJ on air. */
  liveLineMax: 280,
  /** Items of the request line a DJ's page loads. */
  liveLineShown: 50,
  /** The longest ban a kick may give (a week), in minutes. */
  liveBanMinutesMax: 10080,
  /** A DJ's title (metadata, stream comments) and a show's name are cut to this length. */
  liveTitleMax: 255,
} as const;

/** What the station feed shows, in the order that breaks a tie within one second (last wins). */
export const FEED_KINDS = ['new_song', 'comment', 'requested', 'played'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

export const ROLES = ['user', 'helper', 'moderator', 'admin'] as const;
export const STAFF_ROLES = ['helper', 'moderator', 'admin'] as const;

/** Helpers, moderators and admins: the staff, who curate the catalogue. */
export function isStaff(role: string | undefined | null): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/**
 * The banner's pictures (apps/web/public). The server picks the first one a page shows and
 * preloads it (`data-banner` on the page's <html>: its index here); the banner starts with it.
 */
export const BANNER_IMAGES = ['/banner-1.svg', '/banner-2.svg', '/banner-3.svg'] as const;

/** Where the audio is; the web player uses these paths on its own origin. */
export const STREAM_PATHS = { hls: '/stream/live.m3u8', mp3: '/stream/live.mp3' } as const;

/** The live stream player: hls.js low-latency mode and a 30 s back buffer. */
export const PLAYER = { lowLatency: true, backBufferSeconds: 30 } as const;

/** The artist index: a page per initial letter, digits together, everything else under '-'. */
export const ARTIST_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0-9', '-'] as const;
