// The seeded tones (e2e/support/seed-catalog.ts), as data the specs can read too: a spec that
// listens to the stream tells the tracks apart by their frequencies.

/**
 * The only songs with audio, so the only ones the station plays. The long tones carry
 * embedded cover art (a PNG of `cover` colour, e2e/specs/artwork.spec.ts); the short ones have
 * none, so they show the drawn placeholder. The long tones are queued
 * as `history_listener`'s requests before the station starts, so they go on air first, one
 * after the other, and the auto-DJ stays idle for their half hour, far longer than the
 * station's specs run: it would otherwise play, and so lock, the short tones, which are there for the
 * requests spec to queue.
 */
export const TONES = {
  artist: 'Oscillator Ensemble',
  songs: [
    { title: 'Sine Serenade', cover: 'crimson', seconds: 28, freq: 440 },
    { title: 'Sine Nocturne', cover: 'navy', seconds: 32, freq: 330 },
    { title: 'Sine Reverie', cover: 'teal', seconds: 36, freq: 523 },
    { title: 'Sine Drone', cover: 'darkorange', seconds: 1790, freq: 220 },
  ],
  requestable: [
    { title: 'Sine Aubade', seconds: 4, freq: 262 },
    { title: 'Sine Ballad', seconds: 4, freq: 294 },
    { title: 'Sine Canon', seconds: 4, freq: 349 },
    { title: 'Sine Dirge', seconds: 4, freq: 392 },
    { title: 'Sine Elegy', seconds: 4, freq: 466 },
    { title: 'Sine Fugue', seconds: 4, freq: 587 },
    { title: 'Sine Gigue', seconds: 4, freq: 659 },
    { title: 'Sine Hymn', seconds: 4, freq: 698 },
    { title: 'Sine Idyll', seconds: 4, freq: 784 },
    { title: 'Sine Jig', seconds: 4, freq: 880 },
    // Enough for every spec that queues tones on the first station: a queued tone stays
    // locked until it has played, after the long ones.
    { title: 'Sine Lament', seconds: 4, freq: 311 },
    { title: 'Sine Madrigal', seconds: 4, freq: 370 },
    { title: 'Sine Ostinato', seconds: 4, freq: 415 },
    { title: 'Sine Pavane', seconds: 4, freq: 494 },
    { title: 'Sine Quodlibet', seconds: 4, freq: 554 },
    { title: 'Sine Rondo', seconds: 4, freq: 622 },
    { title: 'Sine Sarabande', seconds: 4, freq: 740 },
    { title: 'Sine Toccata', seconds: 4, freq: 831 },
    { title: 'Sine Vesper', seconds: 4, freq: 932 },
    { title: 'Sine Waltz', seconds: 4, freq: 988 },
  ],
} as const;

/** The frequency (Hz) of the seeded tone called `title`. */
export function toneFrequency(title: string): number | undefined {
  const all: readonly { title: string; freq: number }[] = [...TONES.songs, ...TONES.requestable];
  return all.find((t) => t.title === title)?.freq;
}
