import type { SongDetail } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { fixedClock } from '../src/core/clock.js';
import { ensureDemoLibrary } from '../src/modules/library/demo-library.js';
import { LockWindow } from '../src/modules/catalog/lock-window.js';
import { LockWindowRepo } from '../src/modules/catalog/lock-window.repo.js';
import { bearer, createFile, createSong, makePlayable, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

const START = 1_800_000_000;
const clock = fixedClock(START);
let app: App;

beforeAll(async () => {
  app = await createTestApp({ env: { SONG_LOCK_HOURS: '12' }, clock });
});

const songOf = async (id: number) => {
  const res = await app.inject({ url: `/api/song/${id}` });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<{ song: SongDetail['song'] }>().song;
};
/** Marks `id` played now, as the scheduler does, and tells the station a track started. */
async function play(id: number, length: number) {
  await app.ctx.db
    .updateTable('songs')
    .set({ last_played_at: clock.now() })
    .where('id', '=', id)
    .execute();
  app.ctx.bus.publish({ type: 'queue.changed' });
  clock.advance(Math.ceil(length));
}

describe('the effective lock window', () => {
  it('after two hours of the 12-song demo library, half of it is requestable again', async () => {
    const report = await ensureDemoLibrary({
      db: app.ctx.db,
      library: app.ctx.repos.library,
      importer: app.ctx.services.import,
      ffmpeg: app.ctx.media.tools.ffmpeg,
    });
    expect(report?.failed).toEqual([]);
    const songs = await app.ctx.db.selectFrom('songs').select(['id', 'length']).execute();
    expect(songs).toHaveLength(12);
    for (let i = 0; clock.now() < START + 2 * 3600; i++) {
      const s = songs[i % songs.length]!;
      await play(s.id, s.length);
    }
    clock.advance(2);
    const requestable = async () => {
      const all = await Promise.all(songs.map((s) => songOf(s.id)));
      return all.filter((s) => !s.recently_played && s.requestable_at === null).length;
    };
    await requestable(); // a read after the clock moved recomputes the window
    // In the background: a second (the poll's default) is not always enough beside the suite.
    await expect.poll(requestable, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    const locked = (await Promise.all(songs.map((s) => songOf(s.id)))).filter(
      (s) => s.recently_played,
    );
    expect(locked.length).toBeLessThanOrEqual(6);
    for (const s of locked) expect(s.requestable_at!).toBeGreaterThan(clock.now());
    const free = (await Promise.all(songs.map((s) => songOf(s.id)))).find(
      (s) => !s.recently_played,
    )!;
    const user = await quickUser(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/song/${free.id}`,
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    // It makes the whole demo library first (twelve tunes rendered and imported), which takes
    // as long as the demo library's own tests allow it on a machine busy with the suite.
  }, 60_000);

  it('a large, mostly unplayed catalogue keeps the configured window', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const id = await createSong(app, { title: `Long tail ${i}` });
      await makePlayable(app, id);
      ids.push(id);
    }
    await play(ids[0]!, 3600);
    clock.advance(2);
    await songOf(ids[0]!);
    await expect
      .poll(async () => (await songOf(ids[0]!)).recently_played, { timeout: 10_000 })
      .toBe(true);
    // A read the first test's late events began mid-catalogue is followed by one more.
    await expect
      .poll(async () => (await songOf(ids[0]!)).requestable_at, { timeout: 10_000 })
      .toBe(clock.now() - 3602 + 12 * 3600);
  });
});

describe('the lock window read', () => {
  it('asked again while a read is under way, reads once more after it: never answers from before the change', async () => {
    const fresh = await createTestApp();
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let counted = () => {};
    const firstCounted = new Promise<void>((r) => (counted = r));
    let reads = 0;
    class GatedRepo extends LockWindowRepo {
      override async playedCount(): Promise<number> {
        const played = await super.playedCount();
        if (++reads === 1) {
          counted();
          await gate;
        }
        return played;
      }
    }
    const now = fixedClock(START);
    const window = new LockWindow(new GatedRepo(fresh.ctx.db), now, () => 3600);
    // Two playable songs, one played a minute ago: at most one may be locked.
    const played = await createSong(fresh, { title: 'Played' });
    const other = await createSong(fresh, { title: 'Other' });
    await makePlayable(fresh, played);
    await makePlayable(fresh, other);
    await fresh.ctx.db
      .updateTable('songs')
      .set({ last_played_at: START - 60 })
      .where('id', '=', played)
      .execute();
    const first = window.refresh(); // reads before the second play
    await firstCounted;
    await fresh.ctx.db
      .updateTable('songs')
      .set({ last_played_at: START - 30 })
      .where('id', '=', other)
      .execute();
    const second = window.refresh(); // the change is reported while the first read waits
    const third = window.refresh();
    expect(third).toBe(second);
    release();
    await first;
    await second;
    expect(reads).toBe(2);
    // Two of two played: the older play bounds the window, a minute.
    expect(window.seconds()).toBe(60);
    await fresh.close();
  });
});

describe('the lock window facts', () => {
  it('count each playable song once, up to the cap, and the played ones among them', async () => {
    const fresh = await createTestApp();
    const repo = new LockWindowRepo(fresh.ctx.db);
    const setSong = (id: number, values: { status?: string; last_played_at?: number }) =>
      fresh.ctx.db.updateTable('songs').set(values).where('id', '=', id).execute();
    const twoFiles = await createSong(fresh, { title: 'Two files' });
    await makePlayable(fresh, twoFiles);
    await makePlayable(fresh, twoFiles, `zz/${twoFiles}-again.mp3`);
    const plain = await createSong(fresh, { title: 'Plain' });
    await makePlayable(fresh, plain);
    const pendingOnly = await createSong(fresh, { title: 'Pending upload' });
    await createFile(fresh, { songId: pendingOnly, pending: true });
    await setSong(pendingOnly, { status: 'active' });
    const removed = await createSong(fresh, { title: 'Removed' });
    await makePlayable(fresh, removed);
    await setSong(removed, { status: 'removed' });

    expect(await repo.playableCount(10)).toBe(2);
    expect(await repo.playableCount(1)).toBe(1);
    expect(await repo.playedCount()).toBe(0);
    for (const id of [twoFiles, pendingOnly, removed]) await setSong(id, { last_played_at: 5 });
    expect(await repo.playedCount()).toBe(1);
    await setSong(plain, { last_played_at: 9 });
    expect(await repo.playedCount()).toBe(2);
    expect(await repo.nthLastPlay(1)).toBe(9);
    expect(await repo.nthLastPlay(2)).toBe(5);
    expect(await repo.nthLastPlay(3)).toBeNull();
    await fresh.close();
  });
});
