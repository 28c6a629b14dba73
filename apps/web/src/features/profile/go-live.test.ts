import type { StreamKey } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { buttSettings, connectionSettings, ffmpegCommand, mixxxSettings } from './go-live';

const key = (fields: Partial<StreamKey> = {}): StreamKey => ({
  key: 'k3y-_abc',
  username: 'deejay',
  mount: '/live',
  host: null,
  port: null,
  ...fields,
});
const page = (hostname: string, port: string, protocol = 'http:') => ({ hostname, port, protocol });

describe('connectionSettings', () => {
  it("takes the page's host and port when the station names none", () => {
    expect(connectionSettings(key(), page('radio.test', '8080'))).toEqual({
      host: 'radio.test',
      port: 8080,
      mount: '/live',
      username: 'deejay',
      key: 'k3y-_abc',
    });
  });

  it('takes 80 or 443 when the page address has no port', () => {
    expect(connectionSettings(key(), page('radio.test', '')).port).toBe(80);
    expect(connectionSettings(key(), page('radio.test', '', 'https:')).port).toBe(443);
  });

  it("takes the station's public address when it names one", () => {
    const s = connectionSettings(
      key({ host: 'live.radio.test', port: 8000 }),
      page('radio.test', ''),
    );
    expect([s.host, s.port]).toEqual(['live.radio.test', 8000]);
  });
});

describe('source client settings', () => {
  const s = connectionSettings(key(), page('radio.test', '8080'));

  it('spells out BUTT and Mixxx fields', () => {
    expect(buttSettings(s, 'KEY')).toEqual([
      ['Type', 'Icecast'],
      ['Address', 'radio.test'],
      ['Port', '8080'],
      ['Icecast mountpoint', '/live'],
      ['Icecast user', 'deejay'],
      ['Password', 'KEY'],
    ]);
    expect(mixxxSettings(s, 'KEY')).toEqual([
      ['Type', 'Icecast 2'],
      ['Host', 'radio.test'],
      ['Port', '8080'],
      ['Mount', '/live'],
      ['Login', 'deejay'],
      ['Password', 'KEY'],
    ]);
  });

  it('writes the ffmpeg command with the login in the URL', () => {
    expect(ffmpegCommand(s, s.key)).toBe(
      'ffmpeg -re -i music.mp3 -c:a libmp3lame -b:a 192k -content_type audio/mpeg -f mp3 icecast://deejay:k3y-_abc@radio.test:8080/live',
    );
  });

  it('escapes a username that a URL cannot hold as it is, and brackets an IPv6 host', () => {
    const odd = connectionSettings(
      key({ username: 'dj@home', host: '::1', port: 8000 }),
      page('x', ''),
    );
    expect(ffmpegCommand(odd, 'KEY')).toMatch(/icecast:\/\/dj%40home:KEY@\[::1\]:8000\/live$/);
  });
});
