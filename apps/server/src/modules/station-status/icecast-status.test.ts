import { IcecastStatusSchema } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { icecastStatus, iso8601, rfc822 } from './icecast-status.js';

describe("Icecast's status JSON", () => {
  it("writes dates in Icecast's two forms, in UTC", () => {
    const at = Date.UTC(2026, 10, 28, 2, 39, 36) / 1000;
    expect(rfc822(at)).toBe('Sat, 28 Nov 2026 02:39:36 +0000');
    expect(iso8601(at + 0.7)).toBe('2026-11-28T02:39:36+0000');
  });

  it('has the artist only when the track has one', () => {
    const facts = {
      host: 'radio.example',
      listenUrl: 'https://radio.example/stream/live.mp3',
      name: 'Test FM',
      description: 'Tests on air',
      genre: 'Chip',
      url: 'https://radio.example/',
      startedAt: 0,
      listeners: 3,
      peak: 7,
    };
    const withArtist = icecastStatus({ ...facts, title: { title: 'A - B', artist: 'A' } });
    expect(IcecastStatusSchema.parse(withArtist).icestats.source).toMatchObject({
      title: 'A - B',
      artist: 'A',
      listeners: 3,
      listener_peak: 7,
      server_name: 'Test FM',
    });
    const untitled = icecastStatus({ ...facts, title: { title: 'Test FM' } });
    expect(untitled.icestats.source).not.toHaveProperty('artist');
  });
});
