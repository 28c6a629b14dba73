import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { FadeUnder, type Feed } from './crossfade.js';
import { Decoder } from './decoder.js';
import { BYTES_PER_SECOND, secondsToBytes, TICK_MS, wholeFrames } from './pcm.js';
import type { Track } from './scheduler.js';
import { TickLag } from './tick-lag.js';

/** PCM is written this far ahead of the wall clock, so the encoder never waits. */
const LEAD_S = 0.5;
const RETRY_MS = 1000; // while nothing is prepared, look for a next track this often
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

interface Playing {
  track: Track;
  decoder: Decoder;
  /** PCM bytes the track should last. */
  expected: number;
}

/**
 * The station's clock: writes PCM in real time, track after track with no gap. The next track
 * is chosen and its decoder opened as soon as the current one is on air (the decoder holds a
 * few seconds and waits), so both the natural end and a skip hand over in the same write: the
 * current one's last sample, the next one's first. When nothing is ready, silence keeps the
 * stream up.
 */
export class Playout {
  readonly tickLag = new TickLag(TICK_MS);
  private current: Playing | null = null;
  private nextUp: Playing | null = null;
  /**
   * The track that is to replace `nextUp` (a request arrived after an auto-DJ pick was
   * prepared), while its decoder starts: it takes `nextUp`'s place once it has audio, so a
   * track change never waits for it. Should the current track end first, `nextUp` plays and
   * the replacement is dropped; the request stays in the queue and is chosen next.
   */
  private replacing: Playing | null = null;
  private preparing: Promise<void> | null = null;
  /** The track that just went on air is being recorded; the next is chosen after that. */
  private starting: Promise<void> | null = null;
  /** The queue changed since the prepared track was chosen: ask again. */
  private recheck = false;
  private lastTry = 0;
  private timer: NodeJS.Timeout | null = null;
  private startedAtMs = 0;
  private startEpoch = 0;
  /** A feed on air instead of the queue (the live show): nothing of the queue is prepared. */
  private feed: Feed | null = null;
  /** The feed is to give way to the queue's next track once that one has audio. */
  private leaving: { fadeBytes: number } | null = null;
  /** What is fading out under the audio on air. */
  private readonly fade = new FadeUnder();
  /** PCM bytes written since the clock started. */
  written = 0;

  constructor(
    private readonly ffmpeg: string,
    private readonly mediaRoot: string,
    private readonly hooks: PlayoutHooks,
    private readonly log: FastifyBaseLogger,
  ) {}

  get nowPlaying(): Track | null {
    return this.current?.track ?? null;
  }

  /** The track being decoded to follow the current one, if chosen yet. */
  get upNext(): Track | null {
    return this.nextUp?.track ?? null;
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
   * Puts `feed` on air from the next byte, crossfading from what plays over `fadeSeconds`:
   * the track on air is cut (told as `interrupted`, never resumed) and the prepared next one
   * dropped, so nothing of the queue plays or waits while the feed is on. Answers the epoch
   * time of the switch's first byte.
   */
  putOnAir(feed: Feed, fadeSeconds: number): number {
    const at = this.epochAt(this.written);
    this.fade.cancel();
    const fadeBytes = secondsToBytes(fadeSeconds);
    const cut = this.current;
    if (cut) {
      this.current = null;
      void this.hooks.interrupted(cut.track);
      this.fade.start(
        (n) => cut.decoder.read(n),
        fadeBytes,
        () => cut.decoder.stop(),
      );
    } else if (this.feed && this.feed !== feed) {
      const old = this.feed;
      this.fade.start((n) => old.read(n), fadeBytes);
    }
    this.dropPrepared();
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
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.fade.cancel();
    this.feed = null;
    this.leaving = null;
    this.current?.decoder.stop();
    this.nextUp?.decoder.stop();
    this.replacing?.decoder.stop();
    // Started again (a playout on air once more), it begins from the queue, not from these.
    this.current = this.nextUp = this.replacing = null;
  }

  /** Cuts the current track; the next one follows at once. Answers what was cut. */
  skip(): Track | null {
    const cut = this.current;
    if (!cut) return null;
    cut.decoder.stop();
    this.current = null;
    void this.hooks.finished(cut.track, 'skipped');
    this.startNext();
    return cut.track;
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
    const song = track.song;
    const decoder = new Decoder(this.ffmpeg, {
      file: path.resolve(this.mediaRoot, song.stored_path ?? ''),
      skip: song.h_skip + track.offset,
      length: Math.max(0.05, track.length - track.offset),
      fadeOut: Math.max(0, Math.min(song.h_fadeout, track.length - track.offset)),
      gainDb: song.loudness_gain ?? 0,
    });
    return { track, decoder, expected: secondsToBytes(track.length - track.offset) };
  }

  private tick(): void {
    this.tickLag.mark();
    const due = wholeFrames(
      Math.floor(((performance.now() - this.startedAtMs) / 1000 + LEAD_S) * BYTES_PER_SECOND),
    );
    let guard = 0;
    while (this.written < due && guard++ < 64) {
      const pcm = this.read(due - this.written);
      this.hooks.write(pcm);
      this.written += pcm.length;
    }
    this.maybePrepare();
  }

  /** The next stretch of audio, with whatever is fading out under it. */
  private read(max: number): Buffer {
    return this.fade.over(this.readOnAir(max));
  }

  /** The feed on air, or it giving way to the queue's next track once that one is ready. */
  private readOnAir(max: number): Buffer {
    const feed = this.feed;
    if (!feed) return this.readQueue(max);
    if (this.leaving && this.nextReady()) {
      const { fadeBytes } = this.leaving;
      this.feed = null;
      this.leaving = null;
      if (this.startNext()) {
        this.fade.start((n) => feed.read(n), fadeBytes);
        return this.readQueue(max);
      }
      // The next track failed as it started: the feed goes on until another is ready.
      this.feed = feed;
      this.leaving = { fadeBytes };
    }
    return feed.read(wholeFrames(Math.min(max, BYTES_PER_SECOND)));
  }

  private nextReady(): boolean {
    this.takeReplacement();
    const next = this.nextUp;
    return next !== null && (next.decoder.produced > 0 || next.decoder.ended);
  }

  /** Drops the prepared next track and any replacement on its way (a feed goes on air). */
  private dropPrepared(): void {
    this.replacing?.decoder.stop();
    this.replacing = null;
    const prepared = this.nextUp;
    if (!prepared) return;
    prepared.decoder.stop();
    this.nextUp = null;
    this.hooks.nextChanged(null);
  }

  /** The current track, the next one when it ends, else silence. */
  private readQueue(max: number): Buffer {
    for (let attempts = 0; attempts < 4; attempts++) {
      const current = this.current;
      if (current) {
        if (current.decoder.failure) {
          this.fail(current);
          continue;
        }
        const pcm = current.decoder.read(max);
        if (pcm) return pcm;
        if (current.decoder.drained) {
          this.current = null;
          void this.hooks.finished(current.track, 'played');
          this.startNext();
          continue;
        }
        break; // the decoder is behind: a moment of silence
      }
      if (!this.startNext()) break;
    }
    const n = wholeFrames(Math.min(max, SILENCE.length));
    return SILENCE.subarray(0, n);
  }

  /** Moves the prepared track on air at the current stream position. */
  private startNext(): boolean {
    this.takeReplacement();
    if (this.replacing) {
      // Not ready in time: what was prepared plays, without a gap.
      this.replacing.decoder.stop();
      this.replacing = null;
      this.recheck = true;
    }
    const next = this.nextUp;
    if (!next || (next.decoder.produced === 0 && !next.decoder.ended)) return false;
    this.nextUp = null;
    if (next.decoder.failure) {
      this.fail(next, false);
      this.hooks.nextChanged(null);
      return false;
    }
    this.current = next;
    const starting = this.hooks.started(next.track, this.epochAt(this.written)).finally(() => {
      if (this.starting === starting) this.starting = null;
    });
    this.starting = starting;
    return true;
  }

  private fail(playing: Playing, wasOnAir = true): void {
    const reason = playing.decoder.failure ?? 'unknown';
    this.log.warn({ song: playing.track.songId, reason }, 'track could not be decoded; skipped');
    if (wasOnAir) this.current = null;
    void this.hooks.finished(playing.track, 'failed', reason);
    this.lastTry = 0;
  }

  /** The replacement has audio ready (or failed): it takes the prepared track's place. */
  private takeReplacement(): void {
    const replacement = this.replacing;
    if (!replacement) return;
    const { decoder } = replacement;
    if (decoder.produced === 0 && !decoder.ended && !decoder.failure) return;
    this.replacing = null;
    this.nextUp?.decoder.stop();
    this.nextUp = replacement;
    this.hooks.nextChanged(replacement.track);
  }

  private maybePrepare(): void {
    // While a feed is on air nothing of the queue is chosen, until it is to give way.
    if (this.feed && !this.leaving) return;
    this.takeReplacement();
    const prepared = this.nextUp;
    if (prepared?.decoder.failure) {
      // Found out ahead of time: skip it now, so the transition has a playable track.
      this.nextUp = null;
      this.fail(prepared, false);
      this.hooks.nextChanged(null);
    }
    if (this.preparing || this.starting || this.replacing) return;
    if (this.nextUp) {
      if (this.recheck) this.decideAgain(this.nextUp);
      return;
    }
    const now = performance.now();
    if (now - this.lastTry < RETRY_MS) return;
    this.lastTry = now;
    this.recheck = false;
    this.preparing = this.hooks
      .next(this.current?.track ?? null)
      .then((track) => {
        if (track && this.timer && !this.nextUp) {
          this.nextUp = this.open(track);
          this.hooks.nextChanged(track);
        }
        if (track) this.lastTry = 0;
      })
      .catch((err: unknown) => this.log.error({ err }, 'could not choose the next track'))
      .finally(() => (this.preparing = null));
  }

  /**
   * Asks the scheduler again while `prepared` waits. It stays when the answer is the same song,
   * or another auto-DJ pick for an auto-DJ pick (a fresh draw is no reason to change); otherwise
   * the answer replaces it, once the answer's decoder has audio (see `replacing`).
   */
  private decideAgain(prepared: Playing): void {
    this.recheck = false;
    this.preparing = this.hooks
      .next(this.current?.track ?? null)
      .then((track) => {
        if (this.nextUp !== prepared) {
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
        if (track && this.timer) {
          this.replacing = this.open(track);
          return;
        }
        prepared.decoder.stop();
        this.nextUp = null;
        this.hooks.nextChanged(null);
      })
      .catch((err: unknown) => this.log.error({ err }, 'could not choose the next track'))
      .finally(() => (this.preparing = null));
  }
}
