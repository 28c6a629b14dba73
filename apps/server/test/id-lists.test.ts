import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createSong } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

// Song lists read their rows, credits and tags with the ids bound as one parameter
// (db/dialect.ts `idIn`): the same statement for one id or thousands, on either engine.
let app: App;
const ids: number[] = [];

beforeAll(async () => {
  app = await createTestApp();
  for (let i = 0; i < 3; i++) {
    ids.push(
      await createSong(app, {
        title: `Listed ${i}`,
        artists: [`First ${i}`, `Second ${i}`],
        tags: [`zeta${i}`, `alpha${i}`],
      }),
    );
  }
});

afterAll(() => app.close());

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('reading songs by a list of ids', () => {
  it('reads exactly the listed songs, whatever the list holds', async () => {
    const songs = app.ctx.repos.songs;
    expect((await songs.rows([ids[1]!])).map((r) => r.id)).toEqual([ids[1]]);
    expect(sorted((await songs.rows([ids[2]!, ids[0]!])).map((r) => r.id))).toEqual(
      sorted([ids[2]!, ids[0]!]),
    );
    // Unknown ids and repeats read nothing more.
    expect(sorted((await songs.rows([ids[0]!, ids[0]!, 999_999])).map((r) => r.id))).toEqual([
      ids[0],
    ]);
    // A list far longer than any page: still one statement, every listed song found.
    const many = [...Array.from({ length: 5000 }, (_, i) => 1_000_000 + i), ...ids];
    expect(sorted((await songs.rows(many)).map((r) => r.id))).toEqual(sorted(ids));
  });

  it("reads each song's credits in order and its tags by name", async () => {
    const songs = app.ctx.repos.songs;
    const credits = await songs.artists([ids[2]!, ids[0]!]);
    expect(credits.map((c) => [c.song_id, c.name])).toEqual(
      [
        [ids[0], 'First 0'],
        [ids[0], 'Second 0'],
        [ids[2], 'First 2'],
        [ids[2], 'Second 2'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const tags = await songs.tags([ids[1]!, 424_242]);
    expect([...tags]).toEqual([[ids[1], ['alpha1', 'zeta1']]]);
  });
});
