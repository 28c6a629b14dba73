/**
 * A synthetic catalogue of the size the bench asks for, deterministic for a given size:
 * artists, platforms, tags (mildly skewed: popular tags exist, most are rare) and songs with
 * about five tags each.
 */
import { seededRandom as random } from '../../apps/server/src/lib/random.js';

const WORDS = (
  'neon amiga dream copper raster sprite blitter paula vector pixel echo chip tape floppy ' +
  'sunset midnight crystal velvet cosmic arcade turbo hyper retro lunar solar orbit pulse ' +
  'static signal phantom shadow golden silver iron glass ocean river thunder storm winter ' +
  'summer autumn spring forest desert mirror spiral zero infinite quantum cyber analog ' +
  'digital electric magnetic atomic binary sonic laser plasma nova stellar galaxy comet ' +
  'meteor nebula horizon voyage journey escape return legend memory whisper heart fire ' +
  'frozen burning silent broken hidden lost wild free final first last little big'
).split(' ');
const ACCENTED = ['Élan', 'Ørsted', 'Ümit', 'Zoë', 'Çelik', 'Ñandú', 'Åsa', 'Jürgen'];

const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

export interface DatasetSize {
  songs: number;
  artists: number;
  platforms: number;
  tags: number;
  tagsPerSong: number;
}

export function* artistNames(n: number): Generator<string> {
  const rnd = random(1);
  for (let i = 0; i < n; i++) {
    const first =
      rnd() < 0.05 ? ACCENTED[i % ACCENTED.length]! : cap(WORDS[Math.floor(rnd() * WORDS.length)]!);
    const second = cap(WORDS[Math.floor(rnd() * WORDS.length)]!);
    yield i % 37 === 0 ? `${i % 10}${first} ${second} ${i}` : `${first} ${second} ${i}`;
  }
}

export interface SongRow {
  title: string;
  artistIds: number[];
  platformId: number;
  tagIds: number[];
  length: number;
}

/** Songs with 1-based artist, platform and tag ids. */
export function* songs(size: DatasetSize): Generator<SongRow> {
  const rnd = random(2);
  // weight(rank) ∝ 1 / (rank + 50): the top tag sits on a few per cent of all songs.
  const weights = Array.from({ length: size.tags }, (_, r) => 1 / (r + 50));
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  const pickTag = () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  for (let i = 0; i < size.songs; i++) {
    const words = 2 + Math.floor(rnd() * 3);
    const title = Array.from({ length: words }, () =>
      cap(WORDS[Math.floor(rnd() * WORDS.length)]!),
    ).join(' ');
    const artist = 1 + Math.floor(rnd() * size.artists);
    const artistIds = rnd() < 0.1 ? [artist, 1 + ((artist + 7919) % size.artists)] : [artist];
    const tags = new Set<number>();
    const want = Math.max(1, size.tagsPerSong - 2 + Math.floor(rnd() * 5));
    while (tags.size < want) tags.add(pickTag());
    yield {
      title,
      artistIds: [...new Set(artistIds)],
      platformId: 1 + Math.floor(rnd() * rnd() * size.platforms),
      tagIds: [...tags],
      length: 60 + Math.floor(rnd() * 300),
    };
  }
}
