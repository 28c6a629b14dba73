import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../core/bus.js';
import type { Clock } from '../core/clock.js';
import type { RequestRules } from '../core/song-rules.js';
import { Encoder } from './playout/encoder.js';
import { HlsClock } from './hls/hls-clock.js';
import { WriteJournal } from './playout/write-journal.js';
import { HlsPublisher } from './hls/hls-publisher.js';
import { ListenersAnnouncer } from '../lib/listeners-announcer.js';
import { IcecastRelay, type IcecastTarget } from './mp3/icecast-relay.js';
import type { Mp3Audience } from './mp3/mp3-audience.js';
import { Mp3Stream } from './mp3/mp3-stream.js';
import { BYTES_PER_FRAME } from './playout/pcm.js';
import { Playout } from './playout/playout.js';
import { Scheduler, type Track } from './playout/scheduler.js';
import type { PlayoutRepo } from './playout/playout.repo.js';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { LiveShows, type ShowRecords, type ShowRecording } from './live-show.js';
import { Mp3Recorder } from './mp3/mp3-recorder.js';
import type { ThemeFilter } from '../db/song-theme.js';
import { StandbySound } from './live-input/standby-sound.js';
import { DISK_MARGIN_BYTES, spaceShort } from '../lib/disk-space.js';

/** How long the MP3 goes out as it is made around a switch to or from a live show. */
const SWITCH_PROMPT_MS = 3000;
/** How often recordings past their days are looked for. */
const RECORDING_SWEEP_MS = 60 * 60 * 1000;
/** Room for new files is looked for this often, and made up to four times their margin. */
const SPACE_WATCH_MS = 10_000;
const RECLAIM_BYTES = 4 * DISK_MARGIN_BYTES;

export interface StationDeps {
  ffmpeg: string;
  mediaRoot: string;
  /** Where tracks are decoded ahead to (`SpooledDecoder`); none: decoded as they play. */
  spoolDir?: string;
  /** HLS playlist and segments are written here (shared with the API nodes that serve them). */
  hlsDir: string;
  /** HLS clients on every node (they poll the playlist wherever it is served). */
  hlsListeners: () => number;
  /** Whether a web server under another account serves `hlsDir`: its files are readable to all. */
  hlsPublic?: boolean;
  /** The MP3's listeners (in this process or in listener processes). */
  mp3: Mp3Audience;
  /** Whether this process may write the outputs now (the playout lease's word; default yes). */
  mayPublish?: () => boolean;
  rules: () => Pick<RequestRules, 'lockSeconds'>;
  /** The auto-DJ plays no artist of the last this many songs when the library allows. */
  artistSpacing?: number;
  /** The theme of the themed show on now (the schedule), which the auto-DJ follows. */
  theme?: () => Promise<ThemeFilter | null>;
  /** An Icecast mount the MP3 is also pushed to, as a source client. */
  icecast?: IcecastTarget | undefined;
  clock: Clock;
  repo: PlayoutRepo;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Live shows: their records, the stand-by sound's file, the crossfade and the grace. */
  live: {
    records: ShowRecords & {
      recordingsBefore(before: number): Promise<{ id: number; name: string }[]>;
      clearRecording(sessionId: number): Promise<void>;
    };
    standbyFile: string | undefined;
    crossfadeSeconds: number;
    graceSeconds: number;
    /** Where shows are recorded, and for how many days kept; null: not recorded. */
    recordings: { dir: string; keepDays: number } | null;
  };
}

/**
 * The radio on air: the scheduler picks, the playout decodes and keeps time, one supervised
 * encoder makes HLS and MP3, the MP3 stream is cut into chunks for its audience. Track changes
 * are written to the database when their first sample enters the stream and announced.
 */
export class Station {
  readonly mp3: Mp3Audience;
  private readonly stream: Mp3Stream;
  readonly encoder: Encoder;
  readonly playout: Playout;
  readonly scheduler: Scheduler;
  /** The live show: DJs' sources taken by the live input go on air through it. */
  readonly shows: LiveShows;
  private running = false;
  /** The latest track start being recorded: an interruption waits for its queue entry. */
  private lastStart: Promise<void> = Promise.resolve();
  /** Track starts and ends, written in order (again, once the database is back). */
  private readonly journal: WriteJournal;
  private hlsClock = new HlsClock();
  private readonly publisher: HlsPublisher;
  private recordingSweep: NodeJS.Timeout | null = null;
  private spaceWatch: NodeJS.Timeout | null = null;
  private readonly announcer: ListenersAnnouncer;
  /** The Icecast source client, when the MP3 is relayed by Icecast. */
  readonly icecast: IcecastRelay | null;
  private stopRelay: (() => void) | null = null;
  /** The next track as last recorded (song@entry it follows), and the write under way. */
  private nextKey: string | null | undefined = undefined;
  private nextWrite: Promise<void> = Promise.resolve();

  constructor(private readonly deps: StationDeps) {
    this.mp3 = deps.mp3;
    this.journal = new WriteJournal(deps.log);
    this.stream = new Mp3Stream((chunk) => this.mp3.publish(chunk));
    this.icecast = deps.icecast ? new IcecastRelay(deps.icecast, deps.log) : null;
    this.encoder = new Encoder(
      deps.ffmpeg,
      deps.hlsDir,
      (c) => this.stream.push(c),
      deps.log,
      () => this.stream.encoderStarted(),
    );
    this.publisher = new HlsPublisher(
      deps.hlsDir,
      (p) => this.hlsClock.correct(p),
      deps.log,
      deps.hlsPublic,
      () => deps.mayPublish?.() ?? true,
    );
    this.scheduler = new Scheduler(
      deps.repo,
      () => deps.rules().lockSeconds,
      Math.random,
      deps.clock,
      deps.artistSpacing,
      deps.theme,
    );
    this.playout = new Playout(
      { ffmpeg: deps.ffmpeg, mediaRoot: deps.mediaRoot, spoolDir: deps.spoolDir },
      {
        next: (current) => this.scheduler.next(current),
        started: (track, at) => {
          this.titleOnAir(track);
          // The track's first sample is the next byte written, at the playout's offset.
          this.hlsClock.trackStarted(at, this.playout.written);
          this.lastStart = this.started(track, at);
          // The playout prepares what follows once the start is written, or at once while
          // the database is away (the write then waits for it in the journal).
          return this.journal.settledOrWaiting(this.lastStart);
        },
        finished: (track, how, reason) => this.finished(track, how, reason),
        interrupted: (track) => this.interrupted(track),
        nextChanged: (track) => this.nextChanged(track),
        write: (pcm) => {
          const fed = this.encoder.fed;
          this.encoder.write(pcm);
          if (fed === 0 && this.encoder.fed > 0) {
            this.hlsClock.runStarted(this.encoder.run, this.playout.written);
          }
          this.hlsClock.wrote(Date.now() / 1000, this.playout.written + pcm.length);
        },
      },
      deps.log,
    );
    this.shows = new LiveShows({
      playout: this.playout,
      records: deps.live.records,
      standby: new StandbySound(deps.ffmpeg, deps.live.standbyFile, deps.log),
      crossfadeSeconds: deps.live.crossfadeSeconds,
      graceSeconds: deps.live.graceSeconds,
      icyTitle: (title) => this.stream.trackAt(this.encoder.fed / BYTES_PER_FRAME)(title),
      record: () => this.record(),
      switching: () => {
        this.encoder.eager(SWITCH_PROMPT_MS);
        this.stream.prompt(SWITCH_PROMPT_MS);
      },
      log: deps.log,
    });
    this.announcer = new ListenersAnnouncer(
      () => this.listeners,
      (listeners) => deps.bus.publish({ type: 'listeners.changed', listeners }),
    );
    this.mp3.onArrive = () => this.announcer.poke();
    // For the process's life: a playout that stood by goes on air again with the same station.
    deps.bus.subscribe((event) => {
      if (event.type === 'queue.changed' && this.running) this.playout.reconsiderNext();
      // HLS clients counted on some node: the station's count may have risen from nothing.
      if (event.type === 'hls.clients') this.announcer.poke();
      // Asked on another node: cut only the song it saw on air, not whatever follows it.
      if (event.type === 'skip.requested' && this.running) {
        if (this.playout.nowPlaying?.songId === event.song_id) this.playout.skip();
      }
      if (this.running) this.shows.onEvent(event);
    });
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** MP3 connections plus HLS clients seen in the last 30 s, on any node. */
  get listeners(): number {
    return this.mp3.count + this.deps.hlsListeners();
  }

  /** Starts the encoder and the clock, resuming the track that was on air if there was one. */
  async start(): Promise<void> {
    // What needs the database first: if it cannot be read, nothing has started.
    // A show is on air only while this playout takes its DJ: one left open by a playout that
    // stopped mid-show is over (the DJ's software, reconnecting, begins a new one here).
    await this.deps.live.records.endLeftOpen(this.deps.clock.now());
    const resume = await this.scheduler.resume();
    this.hlsClock = new HlsClock();
    await this.publisher.prepare();
    this.publisher.start();
    if (this.icecast) {
      const icecast = this.icecast;
      this.stopRelay = this.stream.subscribe((bytes, title) => icecast.write(bytes, title));
      icecast.start();
    }
    this.encoder.start();
    if (resume) this.titleOnAir(resume);
    this.playout.start(resume);
    this.announcer.start();
    this.running = true;
    if (this.deps.live.recordings) {
      void this.sweepRecordings();
      this.recordingSweep = setInterval(() => void this.sweepRecordings(), RECORDING_SWEEP_MS);
      this.recordingSweep.unref();
      this.spaceWatch = setInterval(() => void this.reclaimSpace(), SPACE_WATCH_MS);
      this.spaceWatch.unref();
    }
    if (resume) this.deps.log.info({ song: resume.songId, offset: resume.offset }, 'resumed');
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.publisher.stop();
    this.announcer.stop();
    if (this.recordingSweep) clearInterval(this.recordingSweep);
    if (this.spaceWatch) clearInterval(this.spaceWatch);
    this.recordingSweep = this.spaceWatch = null;
    this.shows.stop();
    this.playout.stop();
    this.stopRelay?.();
    this.icecast?.stop();
    this.mp3.dropAll();
    await this.encoder.stop();
    this.deps.log.info('station off air');
  }

  /** Cuts the track on air (staff); answers its song id, or null when nothing plays. */
  skip(): number | null {
    return this.playout.skip()?.songId ?? null;
  }

  /** Records what goes out on the MP3 from now on, until the show's recording is finished. */
  private record(): ShowRecording | null {
    const settings = this.deps.live.recordings;
    if (!settings) return null;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `show-${stamp}-${crypto.randomBytes(3).toString('hex')}.mp3`;
    const recorder = new Mp3Recorder(path.join(settings.dir, name));
    const unsubscribe = this.stream.subscribe((bytes) => recorder.write(bytes));
    return {
      finish: async (meta) => {
        unsubscribe();
        const done = await recorder.finish(this.deps.ffmpeg, meta);
        return done && { name, seconds: done.seconds, bytes: done.bytes };
      },
    };
  }

  /** Deletes recordings older than RECORDINGS_KEEP_DAYS, files first. */
  async sweepRecordings(): Promise<number> {
    const keepDays = this.deps.live.recordings?.keepDays;
    if (keepDays === undefined) return 0;
    const deleted = await this.deleteRecordings(this.deps.clock.now() - keepDays * 86_400);
    if (deleted > 0) this.deps.log.info({ deleted }, 'old show recordings deleted');
    return deleted;
  }

  /**
   * When the recordings' disk (DATA_DIR's, as a rule) is nearly full, the oldest recordings go
   * until it has some room again: before uploads are refused for want of it, and before the
   * database finds none.
   */
  async reclaimSpace(): Promise<number> {
    const dir = this.deps.live.recordings?.dir;
    if (!dir || !(await spaceShort(dir))) return 0;
    const more = () => spaceShort(dir, RECLAIM_BYTES);
    const deleted = await this.deleteRecordings(this.deps.clock.now(), more);
    if (deleted > 0) this.deps.log.warn({ deleted }, 'disk nearly full: old recordings deleted');
    return deleted;
  }

  /** Deletes the recordings of shows begun before `before`, oldest first, while `more()`. */
  private async deleteRecordings(before: number, more = () => Promise.resolve(true)) {
    const dir = this.deps.live.recordings!.dir;
    let deleted = 0;
    try {
      for (const { id, name } of await this.deps.live.records.recordingsBefore(before)) {
        if (!(await more())) break;
        await fs.promises.rm(path.join(dir, path.basename(name)), { force: true });
        await this.deps.live.records.clearRecording(id);
        deleted += 1;
      }
    } catch (err) {
      this.deps.log.error({ err }, 'could not delete show recordings');
    }
    return deleted;
  }

  /** Marks the MP3 where the track's first sample, the next PCM written, will be heard. */
  private titleOnAir(track: Track): void {
    const setTitle = this.stream.trackAt(this.encoder.fed / BYTES_PER_FRAME);
    this.deps.repo
      .displayTitle(track.songId)
      .then(setTitle)
      .catch((err: unknown) => this.deps.log.error({ err }, 'could not look up the title'));
  }

  private async started(track: Track, at: number): Promise<void> {
    try {
      let exactStart = track.startedAt ?? Math.round(at);
      if (track.startedAt === null) {
        const startedAt = Math.round(at);
        exactStart = Math.round(at * 1000) / 1000;
        const { queueId, requestedBy, historyId } = await this.journal.add('the track start', () =>
          this.deps.repo.start(track, startedAt),
        );
        track.queueId = queueId;
        track.requestedBy = requestedBy;
        track.startedAt = startedAt;
        this.deps.bus.publish({ type: 'feed.added', kind: 'played', id: historyId });
      }
      this.deps.log.info({ song: track.songId, queue: track.queueId }, 'track started');
      this.deps.bus.publish({
        type: 'track.started',
        song_id: track.songId,
        queue_id: track.queueId,
        requested_by: track.requestedBy,
        started_at: track.startedAt ?? Math.round(at),
        exact_start: exactStart,
      });
    } catch (err) {
      this.deps.log.error({ err, song: track.songId }, 'could not record the track start');
    }
  }

  /**
   * The track prepared to follow the current one changed. An auto-DJ pick is recorded as what
   * plays after the entry on air, for the queue's "Up next" on every API node; a request (or
   * nothing) clears it, since a request shows in the queue itself. Writes run one after
   * another, so the last change is the one that stays.
   */
  private nextChanged(track: Track | null): void {
    const after = this.playout.nowPlaying?.queueId ?? null;
    const pick =
      track && track.queueId === null
        ? { songId: track.songId, afterQueueId: after, length: track.length }
        : null;
    const key = pick ? `${pick.songId}@${pick.afterQueueId}` : null;
    if (key === this.nextKey) return;
    this.nextKey = key;
    this.nextWrite = this.nextWrite
      .then(() => this.deps.repo.setNext(pick, this.deps.clock.now()))
      .then(() => this.deps.bus.publish({ type: 'next.changed' }))
      .catch((err: unknown) => this.deps.log.error({ err }, 'could not record the next track'));
  }

  /**
   * The track was cut for the live show: a request goes back to the head of the queue, to play
   * after the show; the auto-DJ's own pick is dropped.
   */
  private async interrupted(track: Track): Promise<void> {
    try {
      await this.lastStart;
      await this.journal.add('the track cut', async () => {
        if (track.queueId === null) return;
        if (track.requestedBy !== null) await this.deps.repo.requeue(track.queueId);
        else await this.deps.repo.finish(track.queueId, 'skipped');
      });
      this.deps.bus.publish({ type: 'queue.changed' });
    } catch (err) {
      this.deps.log.error({ err, song: track.songId }, 'could not record the track cut');
    }
  }

  private async finished(track: Track, how: 'played' | 'skipped' | 'failed', reason?: string) {
    try {
      if (how === 'failed') {
        await this.deps.repo.markUnplayable(track.songId);
        this.deps.log.warn({ song: track.songId, reason }, 'song marked unplayable');
      }
      // After its start's write (the queue entry it ends is known only then).
      await this.journal.add('the track end', async () => {
        if (track.queueId === null) return;
        await this.deps.repo.finish(track.queueId, how === 'played' ? 'played' : 'skipped');
      });
      this.deps.bus.publish({ type: 'queue.changed' });
    } catch (err) {
      this.deps.log.error({ err, song: track.songId }, 'could not record the track end');
    }
  }
}
