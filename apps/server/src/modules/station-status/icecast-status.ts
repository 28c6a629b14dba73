import type { IcecastStatus } from '@queuecast/contract';

/** What the MP3 stream is, as Icecast says it of a source that sent no audio info of its own. */
export const MP3_BITRATE = 128;

export interface IcecastFacts {
  host: string;
  listenUrl: string;
  name: string;
  description: string;
  genre: string;
  url: string;
  /** Epoch seconds: when this server began (Icecast's server start, the mount's stream start). */
  startedAt: number;
  listeners: number;
  peak: number;
  /** The current StreamTitle, and the artist on its own where there is one. */
  title: { title: string; artist?: string };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** Icecast's RFC 822 date in UTC: `Sat, 28 Nov 2026 02:39:36 +0000`. */
export function rfc822(seconds: number): string {
  const d = new Date(seconds * 1000);
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${time} +0000`;
}

/** Icecast's ISO 8601 date in UTC: `2026-11-28T02:39:36+0000`. */
export function iso8601(seconds: number): string {
  return `${new Date(Math.floor(seconds) * 1000).toISOString().slice(0, 19)}+0000`;
}

/**
 * The JSON Icecast 2.4 answers at `/status-json.xsl` for a server with one MP3 mount, with the
 * same field names and types, so widgets and apps written for Icecast read the station as is.
 */
export function icecastStatus(facts: IcecastFacts): IcecastStatus {
  const start = Math.floor(facts.startedAt);
  return {
    icestats: {
      admin: 'icemaster@localhost',
      host: facts.host,
      location: 'Earth',
      server_id: 'Queuecast',
      server_start: rfc822(start),
      server_start_iso8601: iso8601(start),
      source: {
        audio_info: `bitrate=${MP3_BITRATE}`,
        bitrate: MP3_BITRATE,
        genre: facts.genre,
        listener_peak: facts.peak,
        listeners: facts.listeners,
        listenurl: facts.listenUrl,
        server_description: facts.description,
        server_name: facts.name,
        server_type: 'audio/mpeg',
        server_url: facts.url,
        stream_start: rfc822(start),
        stream_start_iso8601: iso8601(start),
        ...facts.title,
        dummy: null,
      },
    },
  };
}
