import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  ENCODER_PLAYLIST,
  ENCODER_PLAYLIST_PATTERN,
  HLS_SEGMENT_PATTERN,
} from '../playout/encoder.js';
import { spaceShort } from '../../lib/disk-space.js';
import { HLS_PLAYLIST, HLS_STALE_MS } from './hls-folder.js';

/**
 * The encoder's renaming its playlist into place wakes the publisher (inotify); this poll is
 * the fallback where the folder's file system sends no such events.
 */
const POLL_MS = 1000;
/** With the folder watched, the poll only backs up an event missed (a full inotify queue). */
const WATCHED_POLL_MS = 10_000;
/** How often segments no playlist lists any more are looked for. */
const SWEEP_MS = 10_000;
/** A segment off the playlist stays this long for players that fetched the playlist before. */
const SEGMENT_GRACE_MS = 60_000;
/**
 * In a folder of its own (HLS_DIR) the stream is public: readable by a web server running as
 * another user, while the process keeps everything else it writes private.
 */
const PUBLIC_FILE = 0o644;
const PUBLIC_FOLDER = 0o755;

/**
 * Publishes the encoder's HLS to the shared folder: each time ffmpeg rewrites its own playlist,
 * a corrected copy (date-times on the station's clock) replaces the listeners' playlist in one
 * rename, so a reader never sees half a file. Segments are written once under names unique to
 * their encoder run, so they can be cached for good; in a public folder each is made readable
 * to all before the first playlist that lists it is published. Segments no playlist lists (a run that
 * died before deleting its own) are swept once no player can still want them.
 */
export class HlsPublisher {
  private poll: NodeJS.Timeout | null = null;
  private watcher: fs.FSWatcher | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private seen = '';
  private listed = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly correct: (playlist: string) => string,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    /** Whether a web server under another account reads the folder. */
    private readonly open = false,
    /** Whether this process may publish now (a leader unsure of its lease may not). */
    private readonly allowed: () => boolean = () => true,
  ) {}

  /**
   * Before the encoder starts: the folder exists, and the encoder's playlist is the listeners'
   * one when that is live (another run or another playout was on air moments ago), so the
   * encoder continues it after a discontinuity; otherwise the encoder starts a new one.
   */
  async prepare(now = Date.now()): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    if (this.open) await fs.promises.chmod(this.dir, PUBLIC_FOLDER);
    const published = path.join(this.dir, HLS_PLAYLIST);
    const encoder = path.join(this.dir, ENCODER_PLAYLIST);
    const stat = await fs.promises.stat(published).catch(() => null);
    if (stat && now - stat.mtimeMs <= HLS_STALE_MS) {
      await fs.promises.copyFile(published, encoder);
    } else {
      await fs.promises.rm(encoder, { force: true });
    }
  }

  start(): void {
    try {
      this.watcher = fs.watch(this.dir, (_event, name) => {
        if (name === ENCODER_PLAYLIST) this.publish();
      });
      this.watcher.on('error', () => undefined);
    } catch {
      this.watcher = null; // the poll alone
    }
    const every = this.watcher ? WATCHED_POLL_MS : POLL_MS;
    this.poll = setInterval(() => this.publish(), every);
    this.poll.unref();
    this.sweep = setInterval(() => void this.sweepSegments(), SWEEP_MS);
    this.sweep.unref();
  }

  stop(): void {
    if (this.poll) clearInterval(this.poll);
    if (this.sweep) clearInterval(this.sweep);
    this.watcher?.close();
    this.poll = this.sweep = null;
    this.watcher = null;
  }

  /**
   * Copies the encoder's playlist, corrected, when it changed. The files are a few hundred
   * bytes in a folder the server writes anyway, so each step is a synchronous call taking
   * microseconds, rather than a trip through the thread pool that wakes the process again for
   * every step (read, open, write, close, rename) every couple of seconds.
   */
  publish(): void {
    try {
      this.publishNow();
    } catch (err) {
      this.log.error({ err }, 'could not publish the HLS playlist');
    }
  }

  private publishNow(): void {
    let raw: string;
    try {
      raw = fs.readFileSync(path.join(this.dir, ENCODER_PLAYLIST), 'utf8');
    } catch {
      return; // not written yet, or between the encoder's runs
    }
    if (raw === this.seen || !raw.startsWith('#EXTM3U')) return;
    if (!this.allowed()) return;
    const listed = new Set(raw.split('\n').filter((l) => HLS_SEGMENT_PATTERN.test(l)));
    for (const segment of this.open ? listed : []) {
      if (this.listed.has(segment)) continue;
      try {
        fs.chmodSync(path.join(this.dir, segment), PUBLIC_FILE);
      } catch {
        // Swept already: the next playlist will not list it.
      }
    }
    const temp = path.join(this.dir, `.${HLS_PLAYLIST}.${process.pid}.tmp`);
    fs.writeFileSync(temp, this.correct(raw));
    if (this.open) fs.chmodSync(temp, PUBLIC_FILE);
    fs.renameSync(temp, path.join(this.dir, HLS_PLAYLIST));
    this.seen = raw;
    this.listed = listed;
  }

  /**
   * Deletes segments no playlist lists that are older than any player could want; at once,
   * without waiting for players, when the folder's disk is nearly full (the encoder's next
   * segments need the room more).
   */
  async sweepSegments(now = Date.now()): Promise<number> {
    if (this.listed.size === 0) return 0;
    const grace = (await spaceShort(this.dir)) ? 0 : SEGMENT_GRACE_MS;
    let removed = 0;
    for (const name of await fs.promises.readdir(this.dir).catch(() => [])) {
      // Another process's encoder playlist, left by a playout long gone, goes the same way.
      const stale = ENCODER_PLAYLIST_PATTERN.test(name) && name !== ENCODER_PLAYLIST;
      if (!stale && (!HLS_SEGMENT_PATTERN.test(name) || this.listed.has(name))) continue;
      const file = path.join(this.dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat || now - stat.mtimeMs < grace) continue;
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }
}
