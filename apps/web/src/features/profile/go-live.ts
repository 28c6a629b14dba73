import type { StreamKey } from '@queuecast/contract';

/** Where a DJ's software connects, as the Go live panel shows it. */
export interface ConnectionSettings {
  host: string;
  port: number;
  mount: string;
  username: string;
  key: string;
}

/** What the page knows of its own address (window.location). */
export interface PageAddress {
  hostname: string;
  port: string;
  protocol: string;
}

/**
 * The settings for a DJ's source client: the station's public address when it names one,
 * else the page's own host and port (80 or 443 when the address has none).
 */
export function connectionSettings(key: StreamKey, page: PageAddress): ConnectionSettings {
  const pagePort = page.port ? Number(page.port) : page.protocol === 'https:' ? 443 : 80;
  return {
    host: key.host ?? page.hostname,
    port: key.port ?? pagePort,
    mount: key.mount,
    username: key.username,
    key: key.key,
  };
}

/** Stands in for the key while it is hidden. */
export const HIDDEN_KEY = 'STREAM_KEY';

/** One line of a source client's settings: the field's name in that program, and its value. */
export type SettingLine = readonly [field: string, value: string];

/** BUTT: Settings > Main > Server > Add. */
export function buttSettings(s: ConnectionSettings, key: string): SettingLine[] {
  return [
    ['Type', 'Icecast'],
    ['Address', s.host],
    ['Port', String(s.port)],
    ['Icecast mountpoint', s.mount],
    ['Icecast user', s.username],
    ['Password', key],
  ];
}

/** Mixxx: Preferences > Live Broadcasting. */
export function mixxxSettings(s: ConnectionSettings, key: string): SettingLine[] {
  return [
    ['Type', 'Icecast 2'],
    ['Host', s.host],
    ['Port', String(s.port)],
    ['Mount', s.mount],
    ['Login', s.username],
    ['Password', key],
  ];
}

/** A host as a URL writes it: an IPv6 address in brackets. */
const urlHost = (host: string) =>
  host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;

/** An ffmpeg command line that streams a file to the station as an MP3 show. */
export function ffmpegCommand(s: ConnectionSettings, key: string): string {
  const user = encodeURIComponent(s.username);
  const url = `icecast://${user}:${encodeURIComponent(key)}@${urlHost(s.host)}:${s.port}${s.mount}`;
  return `ffmpeg -re -i music.mp3 -c:a libmp3lame -b:a 192k -content_type audio/mpeg -f mp3 ${url}`;
}
