import { isbot } from 'isbot';

/** What a listener listened with, told from its user agent. */
export type ClientFamily = 'browser' | 'app' | 'player' | 'bot' | 'other';

/** Media players and their libraries, as they name themselves. */
const PLAYER =
  /\b(VLC|LibVLC|foobar2000|Winamp|WinampMPEG|iTunes|AppleCoreMedia|Music\/|mpv|mplayer|Lavf|ffmpeg|ffplay|gstreamer|GStreamer|xine|Rhythmbox|Clementine|Strawberry|Audacious|Amarok|Totem|Windows-Media-Player|NSPlayer|RealMedia|QuickTime|XBMC|Kodi|MPD|mpg123|BASS|Sonos|Roku|Squeezebox|WMPlayer|AIMP|MusicBee|QMPlay|Celluloid)\b/i;
/** Phone and desktop radio apps, and the HTTP libraries apps are built on. */
const APP =
  /\b(ExoPlayer|ExoPlayerLib|stagefright|Dalvik|okhttp|CFNetwork|Alamofire|TuneIn|RadioDroid\w*|Radio|Transistor|Shortwave|Audials|myTuner|VirtualRadio|Replaio|Podcast|Podcasts|Electron)\b/i;

/** The family of `userAgent`: a bot, a media player, an app, a browser, or other. */
export function clientFamily(userAgent: string | undefined): ClientFamily {
  const ua = (userAgent ?? '').slice(0, 512);
  if (ua.trim() === '') return 'other';
  // Players and apps first: many name themselves as plainly as a script does ("name/1.0").
  if (PLAYER.test(ua)) return 'player';
  if (APP.test(ua)) return 'app';
  if (isbot(ua)) return 'bot';
  if (/^Mozilla\/|^Opera\//.test(ua)) return 'browser';
  return 'other';
}

/** Session lengths, in seconds, where each bucket starts (the last has no end). */
export const SESSION_BUCKETS = [0, 60, 300, 900, 1800, 3600, 7200, 14_400] as const;

/** The bucket of a session lasting `seconds`: an index into SESSION_BUCKETS. */
export function sessionBucket(seconds: number): number {
  let bucket = 0;
  while (bucket + 1 < SESSION_BUCKETS.length && seconds >= SESSION_BUCKETS[bucket + 1]!) bucket++;
  return bucket;
}

/** The longest range a statistics call covers, in seconds (two years and a leap day). */
export const MAX_STATS_RANGE_S = (2 * 365 + 1) * 86_400;

export type Resolution = 'minute' | 'hour' | 'day';

/**
 * How finely a range of `seconds` is drawn: minutes up to two days (2,880 points), hours up to
 * 60 days (1,440), days beyond. Minutes older than the raw minutes kept fall back to hours.
 */
export function resolutionFor(seconds: number): Resolution {
  if (seconds <= 2 * 86_400) return 'minute';
  if (seconds <= 60 * 86_400) return 'hour';
  return 'day';
}

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86_400;

/** The start of the period of `size` seconds that holds `at`. */
export const floorTo = (at: number, size: number): number => at - (((at % size) + size) % size);

export const WEEK = 7 * DAY;
/** 1970-01-05, the first Monday after the epoch (a Thursday). */
export const FIRST_MONDAY = 4 * DAY;

/** The start of the UTC week (Monday 00:00) holding `at` (epoch seconds). */
export const weekOf = (at: number): number => floorTo(at - FIRST_MONDAY, WEEK) + FIRST_MONDAY;

/**
 * The whole weeks of [from, to) read from the running totals, given that weeks before
 * `through` are rolled up: [a, b), or null when no whole rolled-up week lies in the range
 * (the range is then read from the raw rows alone, as are its edges otherwise).
 */
export function rolledWeeks(
  from: number,
  to: number,
  through: number,
): { a: number; b: number } | null {
  const a = weekOf(from) === from ? from : weekOf(from) + WEEK;
  const b = Math.min(weekOf(to), through);
  return a < b ? { a, b } : null;
}
