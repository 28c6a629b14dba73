import type { FastifyBaseLogger } from 'fastify';
import { FadeUnder, type Feed } from './crossfade.js';
import { BYTES_PER_SECOND, secondsToBytes, TICK_MS, wholeFrames } from './pcm.js';
import { Playing, type DecodeOptions } from './playing.js';
import { Upcoming } from './upcoming.js';
import type { Track } from './scheduler.js';
import { TickLag } from './tick-lag.js';

/** PCM is written this far ahead of the wall clock, a tick and a half: the encoder never waits. */
const LEAD_S = 0.75;
const RETRY_MS = 1000; // while nothing is prepared, look for a next track this often
/** The next track's decoder starts when the one on air has this many seconds left. */
const DECODE_AHEAD_S = 10;
const CUT_WAIT_MS = 2000; // a skip waits this long at most for the next track's choice
const SILENCE = Buffer.alloc(BYTES_PER_SECOND);

/** What the playout asks of the rest of the station. */
export interface PlayoutHooks {
  /** The next track, or null when there is nothing playable. */
  next(current: Track | null): Promise<Track | null>;
  /** The track's first sample is entering the stream at `at` (epoch seconds, fractional). */
  started(track: Track, at: number): Promise<void>;
  /** The track left the air: ran out, was skipped, or could not be decoded. */
  finished(track: Track, how: 'played' | 'skipped' | 'failed', reason?: string): Promise<void>;
  /** The track was cut for a feed (the live show): it fades out, and is not resumed. */
  interrupted(track: Track): Promise<void>;
  /** PCM for the encoder. */
  write(pcm: Buffer): void;
  /**
   * The track prepared to follow the current one changed: chosen, replaced, now a request of
   * the same song, or dropped (null). Not called when it goes on air (`started` says that).
   */
  nextChanged(track: Track | null): void;
}

/**
 * The station's clock: writes PCM in real time, track after track with no gap. The next track
 * is chosen as soon as the current one is on air and decoded from `DECODE_AHEAD_S` before the
 * current one ends, so the natural end hands over in one write: the current one's last sample,
 * the next one's first. A skip starts the next decoder if it is not running yet, and the current
 * track plays on until that one has audio (a fraction of a second): a cut, never a gap. When
 * nothing is ready, silence keeps the stream up.
 */
export class Playout {
  readonly tickLag = new TickLag(TICK_MS);
  private current: Playing | null = null;
  private readonly upcoming: Upcoming;
  private preparing: Promise<void> | null = null;
  /** The track that just went on air is being recorded; the next is chosen after that. */
  private starting: Promise<void> | null = null;
  /** The queue changed since the prepared track was chosen: ask again. */
  private recheck = false;
  private lastTry = 0;
  private timer: NodeJS.Timeout | null = null;
  private startedAtMs = 0;
  private startEpoch = 0;
  /** A skip was asked while the next track had no audio yet: the cut waits for it. */
  private cutWhenReady: Playing | null = null;
  private cutAskedAt = 0;
  /** A feed on air instead of the queue (the live show): nothing of the queue is prepared. */
  private feed: Feed | null = null;
  /** The feed is to give way to the queue's next track once that one has audio. */
  private leaving: { fadeBytes: number } | null = null;
  /** What is fading out under the audio on air. */
  private readonly fade = new FadeUnder();
  /** PCM bytes written since the clock started. */
  written = 0;

  constructor(
    private readonly decoding: DecodeOptions,
    private readonly hooks: PlayoutHooks,
    private readonly log: FastifyBaseLogger,
  ) {
    this.upcoming = new Upcoming((track) => hooks.nextChanged(track));
  }

  get nowPlaying(): Track | null {
    return this.current?.track ?? null;
  }

  /** The track being decoded to follow the current one, if chosen yet. */
  get upNext(): Track | null {
    return this.upcoming.prepared?.track ?? null;
  }

  /** Whether the track to follow has had its decoder started. */
  get nextDecoding(): boolean {
    return this.upcoming.prepared?.decoding ?? false;
  }

  /** Whether a feed (the live show) is on air instead of the queue. */
  get feedOnAir(): boolean {
    return this.feed !== null;
  }

  /** The epoch time the next byte written will carry (the HLS program date-time clock). */
  get nextByteAt(): number {
    return this.epochAt(this.written);
  }

  /**
   * Puts `feed` on air from the next byte, crossfading from what plays over `fadeSeconds`: the
   * track on air is cut (told as `interrupted`, never resumed), the prepared one dropped. Answers
   * the epoch time of the switch's first byte.
   */
  putOnAir(feed: Feed, fadeSeconds: number): number {
    const at = this.epochAt(this.written);
    this.fade.cancel();
    const fadeBytes = secondsToBytes(fadeSeconds);
    const cut = this.current;
    if (cut) {
      this.current = null;
      this.cutWhenReady = null;
      void this.hooks.interrupted(cut.track);
      const audio = cut.audio();
      this.fade.start(
        (n) => audio.read(n),
        fadeBytes,
        () => cut.stop(),
      );
    } else if (this.feed && this.feed !== feed) {
      const old = this.feed;
      this.fade.start((n) => old.read(n), fadeBytes);
    }
    this.upcoming.drop();
    this.feed = feed;
    this.leaving = null;
    // What became due since the last tick goes out now: the switch waits for no timer.
    if (this.timer) this.tick();
    return at;
  }

  /**
   * The feed gives way to the queue: its next entry is chosen and decoded at once, and takes
   * over with a crossfade of `fadeSeconds` as soon as it has audio (the feed plays until then).
   */
  backToQueue(fadeSeconds: number): void {
    if (!this.feed) return;
    this.leaving = { fadeBytes: secondsToBytes(fadeSeconds) };
    this.recheck = false;
    this.lastTry = 0;
  }

  /** Starts the clock, resuming `resume` mid-track when given. */
  start(resume: Track | null): void {
    this.startedAtMs = performance.now();
    this.startEpoch = Date.now() / 1000;
    this.written = 0;
    if (resume) this.current = this.open(resume);
    this.current?.audio();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.tick(); // the first track is looked for now, not a tick from now
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.fade.cancel();
    this.feed = null;
    this.leaving = null;
    this.current?.stop();
    this.upcoming.drop(false);
    this.cutWhenReady = null;
    // Started again (a playout on air once more), it begins from the queue, not from these.
    this.current = null;
  }

  /**
   * Cuts the current track; the next one follows as soon as it has audio, the current one
   * playing until then. Answers what is cut, or null when nothing plays.
   */
  skip(): Track | null {
    const cut = this.current;
    if (!cut) return null;
    if (this.cutWhenReady === cut) return cut.track;
    this.upcoming.settle();
    const next = this.upcoming.prepared;
    if (next && !next.ready && !next.failure) {
      this.cutWhenReady = cut;
      this.cutAskedAt = performance.now();
      // The queue changed since it was chosen: asked again first (a request takes its place).
      if (this.recheck && !next.decoding) this.maybePrepare();
      else next.audio();
    } else this.cut(cut);
    return cut.track;
  }

  /** A skip waits for the choice (`CUT_WAIT_MS` at most), then for the next track's audio. */
  private cutIsDue(): boolean {
    if (this.preparing && performance.now() - this.cutAskedAt < CUT_WAIT_MS) return false;
    return this.upcoming.ready() || !this.upcoming.prepared;
  }

  private cut(playing: Playing): void {
    playing.stop();
    this.current = null;
    this.cutWhenReady = null;
    void this.hooks.finished(playing.track, 'skipped');
    this.startNext();
  }

  /**
   * The queue changed: decide the next track again. A request replaces a prepared auto-DJ pick,
   * a prepared request that left the queue is replaced, and with nothing prepared the next
   * track is looked for at once rather than at the next retry.
   */
  reconsiderNext(): void {
    this.recheck = true;
    this.lastTry = 0;
  }

  /**
   * The epoch time of the byte at stream offset `bytes`: when the clock meant it to enter the
   * encoder. The HLS program date-time is on the same timeline.
   */
  private epochAt(bytes: number): number {
    return this.startEpoch + bytes / BYTES_PER_SECOND - LEAD_S;
  }

  private open(track: Track): Playing {
    return new Playing(track, this.decoding, this.log);
  }

  private tick(): void {
    this.tickLag.mark();
    const elapsed = (performance.now() - this.startedAtMs) / 1000;
    const due = wholeFrames(Math.floor((elapsed + LEAD_S) * BYTES_PER_SECOND));
    // Silence is written up to the wall clock, not into the lead: audio about to come goes first.
    const now = wholeFrames(Math.floor(elapsed * BYTES_PER_SECOND));
    let guard = 0;
    while (this.written < due && guard++ < 64) {
      const pcm = this.read(due - this.written, this.written >= now);
      if (!pcm) break;
      this.hooks.write(pcm);
      this.written += pcm.length;
    }
    this.maybePrepare();
  }

  /** The next stretch of audio, with whatever is fading out under it; null: only silence. */
  private read(max: number, noSilence: boolean): Buffer | null {
    const pcm = this.readOnAir(max, noSilence);
    return pcm && this.fade.over(pcm);
  }

  /** The feed on air, or it giving way to the queue's next track once that one is ready. */
  private readOnAir(max: number, noSilence: boolean): Buffer | null {
    const feed = this.feed;
    if (!feed) return this.readQueue(max, noSilence);
    if (this.leaving && this.upcoming.ready()) {
      const { fadeBytes } = this.leaving;
      this.feed = null;
      this.leaving = null;
      if (this.startNext()) {
        this.fade.start((n) => feed.read(n), fadeBytes);
        return this.readQueue(max, noSilence);
      }
      // The next track failed as it started: the feed goes on until another is ready.
      this.feed = feed;
      this.leaving = { fadeBytes };
    }
    return feed.read(wholeFrames(Math.min(max, BYTES_PER_SECOND)));
  }

  /** The current track, the next one when it ends, else silence (or null when `noSilence`). */
  private readQueue(max: number, noSilence: boolean): Buffer | null {
    for (let attempts = 0; attempts < 4; attempts++) {
      const current = this.current;
      if (current) {
        if (this.cutWhenReady === current && this.cutIsDue()) {
          this.cut(current);
          continue;
        }
        const audio = current.audio();
        if (audio.failure) {
          this.fail(current);
          continue;
        }
        const pcm = audio.read(max);
        if (pcm) return pcm;
        if (audio.drained) {
          this.current = null;
          void this.hooks.finished(current.track, 'played');
          this.startNext();
          continue;
        }
        break; // the decoder is behind: a moment of silence
      }
      if (!this.startNext()) break;
    }
    return noSilence ? null : SILENCE.subarray(0, wholeFrames(Math.min(max, SILENCE.length)));
  }

  /** Moves the prepared track on air at the current stream position. */
  private startNext(): boolean {
    // A replacement not ready in time is dropped: what was prepared plays, without a gap.
    const { next, dropped } = this.upcoming.take();
    if (dropped) this.recheck = true;
    if (!next) return false;
    if (next.failure) {
      this.fail(next, false);
      this.hooks.nextChanged(null);
      return false;
    }
    this.current = next;
    this.cutWhenReady = null;
    const starting = this.hooks.started(next.track, this.epochAt(this.written)).finally(() => {
      if (this.starting === starting) this.starting = null;
    });
    this.starting = starting;
    return true;
  }

  private fail(playing: Playing, wasOnAir = true): void {
    const reason = playing.failure ?? 'unknown';
    this.log.warn({ song: playing.track.songId, reason }, 'track could not be decoded; skipped');
    if (wasOnAir) {
      this.current = null;
      this.cutWhenReady = null;
    }
    void this.hooks.finished(playing.track, 'failed', reason);
    this.lastTry = 0;
  }

  /** Whether the prepared track's decoder should run: the track on air ends soon, or none is. */
  private nextIsDue(): boolean {
    const current = this.current;
    return !current || this.leaving !== null || current.secondsLeft <= DECODE_AHEAD_S;
  }

  private maybePrepare(): void {
    // While a feed is on air nothing of the queue is chosen, until it is to give way.
    if (this.feed && !this.leaving) return;
    this.upcoming.settle();
    const prepared = this.upcoming.prepared;
    if (prepared && !prepared.decoding && this.nextIsDue()) prepared.audio();
    if (prepared?.failure) {
      // Found out ahead of time: skip it now, so the transition has a playable track.
      this.upcoming.prepared = null;
      this.fail(prepared, false);
      this.hooks.nextChanged(null);
    }
    if (this.preparing || this.starting || this.upcoming.replacing) return;
    if (this.upcoming.prepared) {
      if (this.recheck) this.decideAgain(this.upcoming.prepared);
      return;
    }
    const now = performance.now();
    if (now - this.lastTry < RETRY_MS) return;
    this.lastTry = now;
    this.recheck = false;
    this.preparing = this.hooks
      .next(this.current?.track ?? null)
      .then((track) => {
        if (track && this.timer && !this.upcoming.prepared) this.upcoming.prepare(this.open(track));
        if (track) this.lastTry = 0;
      })
      .catch((err: unknown) => this.log.error({ err }, 'could not choose the next track'))
      .finally(() => (this.preparing = null));
  }

  /**
   * Asks the scheduler again while `prepared` waits. It stays when the answer is the same song,
   * or another auto-DJ pick for an auto-DJ pick (a fresh draw is no reason to change); otherwise
   * the answer replaces it, once the answer's decoder has audio (see `Upcoming`).
   */
  private decideAgain(prepared: Playing): void {
    this.recheck = false;
    this.preparing = this.hooks
      .next(this.current?.track ?? null)
      .then((track) => {
        if (this.upcoming.prepared !== prepared) {
          // It went on air or failed meanwhile: the answer was for another moment.
          this.recheck = true;
          return;
        }
        if (track?.songId === prepared.track.songId) {
          // The same song, perhaps now requested: the decoder stays, the entry is the new one.
          const changed = prepared.track.queueId !== track.queueId;
          prepared.track.queueId = track.queueId;
          prepared.track.requestedBy = track.requestedBy;
          if (changed) this.hooks.nextChanged(prepared.track);
          return;
        }
        if (track && track.queueId === null && prepared.track.queueId === null) return;
        if (track && this.timer && !prepared.decoding) {
          // Not decoding yet: the answer simply takes its place.
          prepared.stop();
          this.upcoming.prepare(this.open(track));
        } else if (track && this.timer) {
          this.upcoming.replacing = this.open(track);
          this.upcoming.replacing.audio();
        } else {
          this.upcoming.drop();
        }
      })
      .catch((err: unknown) => this.log.error({ err }, 'could not choose the next track'))
      .finally(() => (this.preparing = null));
  }
}
