import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '@queuecast/contract';
import type { BusEvent } from '../core/bus.js';
import { showText } from '../lib/text.js';
import { LiveFeed } from './live-input/live-feed.js';
import type { LiveSource } from './live-input/live-source.js';
import type { StandbySound } from './live-input/standby-sound.js';
import type { Chapter } from './mp3/mp3-recorder.js';
import type { Playout } from './playout/playout.js';
import { showStreamTitle } from '../core/stream-title.js';

/** How often the show on air is renewed in the database (seen_at). */
const TOUCH_MS = 5000;

/** The records a show leaves (modules/shows' ShowService). */
export interface ShowRecords {
  begin(djId: number, show: string, at: number): Promise<number>;
  title(sessionId: number, title: string, at: number): Promise<void>;
  touch(
    sessionId: number,
    at: number,
    standbySince: number | null,
    announce: boolean,
  ): Promise<void>;
  end(sessionId: number, at: number): Promise<void>;
  /** The show's recording, once finished: its file name under the recordings folder. */
  recorded(
    sessionId: number,
    recording: { name: string; seconds: number; bytes: number },
  ): Promise<void>;
  /** Ends a show a playout left open (it died or lost the lease mid-show). */
  endLeftOpen(at: number): Promise<void>;
}

export interface LiveShowsDeps {
  playout: Pick<Playout, 'putOnAir' | 'backToQueue' | 'nextByteAt'>;
  records: ShowRecords;
  /** The stand-by sound, made or decoded for each show and let go after. */
  standby: Pick<StandbySound, 'check' | 'get' | 'release'>;
  crossfadeSeconds: number;
  graceSeconds: number;
  /** Puts a title on the MP3's ICY metadata from the next byte written. */
  icyTitle(title: string): void;
  /** Starts recording what goes on air; null when shows are not recorded. */
  record(): ShowRecording | null;
  /** The air changes hands: what goes out is sent on at once for a moment. */
  switching(): void;
  log: FastifyBaseLogger;
}

/** A show being recorded as broadcast. */
export interface ShowRecording {
  /** Stops and finishes the recording: its file name, length and size, or null if empty. */
  finish(meta: {
    title: string;
    artist: string;
    chapters: Chapter[];
  }): Promise<{ name: string; seconds: number; bytes: number } | null>;
}

interface Show {
  dj: { id: number; username: string };
  name: string;
  feed: LiveFeed;
  source: LiveSource | null;
  /** The show's record, once begun (at the DJ's first audio on air). */
  session: Promise<number | null> | null;
  onAir: boolean;
  standbySince: number | null;
  grace: NodeJS.Timeout | null;
  title: string | null;
  /** When the show took the air (the HLS clock), and its titles from then, for the recording. */
  onAirAt: number;
  chapters: Chapter[];
  recording: ShowRecording | null;
}

/**
 * The live show on the playing node: which DJ's source is taken (one at a time; the same DJ
 * connecting again replaces their own connection), the feed put on air at the DJ's first audio
 * with a crossfade, titles from the DJ's software on air and recorded, and the hold after the
 * DJ's connection drops: for the grace the feed stays on air (the stand-by sound, then the DJ
 * again if they come back), after it the queue resumes with its next entry.
 */
export class LiveShows {
  private show: Show | null = null;
  private touchTimer: NodeJS.Timeout | null = null;
  /**
   * The latest switch to a DJ: when their first audio was decoded and when it took the air
   * (epoch seconds, the second on the HLS program date-time clock).
   */
  lastSwitch: { firstAudioAt: number; onAirAt: number } | null = null;
  /** When the latest show gave the air back to the queue (epoch seconds, wall clock). */
  lastSwitchOut: number | null = null;

  constructor(private readonly deps: LiveShowsDeps) {
    void deps.standby.check();
  }

  /** The DJ on air or held for, if any. */
  get dj(): { id: number; username: string } | null {
    return this.show?.dj ?? null;
  }

  /** Whether the station takes this DJ now; a refusal names who is on air. */
  admit(dj: { id: number; username: string }): { ok: true } | { ok: false; message: string } {
    const show = this.show;
    if (!show || show.dj.id === dj.id || !show.source) {
      // Free, the same DJ again, or another DJ's show held on stand-by: the new source takes it.
      return { ok: true };
    }
    return { ok: false, message: `${show.dj.username} is on air; try again when their show ends.` };
  }

  /** A source the live input accepted: the show begins with it, or goes on with it. */
  accepted(source: LiveSource): void {
    let show = this.show;
    if (show && show.dj.id !== source.info.dj.id) {
      // Another DJ takes over a show held on stand-by: that show ends where this one begins.
      this.finishRecord(show);
      show = null;
    }
    if (!show) {
      show = this.newShow(source);
      this.show = show;
    } else {
      if (show.grace) clearTimeout(show.grace);
      show.grace = null;
      show.source?.end('replaced by a new connection');
      show.feed.clear();
    }
    const current = show;
    current.source = source;
    current.feed.connected = true;
    source.onPcm = (pcm) => {
      if (current.source === source) current.feed.push(pcm);
    };
    source.onTitle = (title) => {
      if (current.source === source) this.title(current, title);
    };
    source.onEnd = (reason) => this.sourceEnded(current, source, reason);
  }

  /** What the bus says: a title sent to any node, a show ended by staff or a revoked DJ. */
  onEvent(event: BusEvent): void {
    const show = this.show;
    if (!show) return;
    if (event.type === 'show.title' && event.dj_id === show.dj.id) this.title(show, event.title);
    if (event.type === 'show.ended' && event.dj_id === show.dj.id) {
      this.deps.log.info(
        { dj: show.dj.username, reason: event.reason },
        'live show ended by staff',
      );
      this.end(show, event.reason);
    }
  }

  /** The station stops: the show's source is dropped and its record closed. */
  stop(): void {
    const show = this.show;
    if (show) {
      show.source?.end('the station stopped');
      this.finishRecord(show);
      this.finishRecording(show);
    }
    this.noShow();
    this.stopTouching();
  }

  /** The station has no show now: the stand-by sound is let go. */
  private noShow(): void {
    this.show = null;
    this.deps.standby.release();
  }

  private newShow(source: LiveSource): Show {
    const feed = new LiveFeed(null, (seconds) =>
      this.deps.log.warn(
        { dj: source.info.dj.username, dropped_s: Number(seconds.toFixed(2)) },
        'live source faster than real time: audio dropped',
      ),
    );
    const show: Show = {
      dj: source.info.dj,
      name:
        showText(source.info.show ?? '', LIMITS.liveTitleMax) || `${source.info.dj.username} live`,
      feed,
      source: null,
      session: null,
      onAir: false,
      standbySince: null,
      grace: null,
      title: null,
      onAirAt: 0,
      chapters: [],
      recording: null,
    };
    void this.deps.standby.get().then(
      (pcm) => feed.useStandby(pcm),
      () => undefined,
    );
    feed.onPrimed = () => {
      if (this.show !== show) return;
      if (!show.onAir) this.goOnAir(show);
      else if (show.standbySince !== null) this.backFromStandby(show);
    };
    return show;
  }

  /** The DJ's first audio is ready: the feed takes the air at the next byte. */
  private goOnAir(show: Show): void {
    show.onAir = true;
    this.deps.switching();
    const at = this.deps.playout.putOnAir(show.feed, this.deps.crossfadeSeconds);
    show.onAirAt = at;
    show.recording = this.deps.record();
    if (show.title !== null) show.chapters.push({ title: show.title, start: 0 });
    this.deps.icyTitle(this.icy(show));
    const now = Date.now() / 1000;
    const firstAudioAt = show.source?.firstAudioAt ?? now;
    this.lastSwitch = { firstAudioAt, onAirAt: at };
    this.deps.log.info(
      { dj: show.dj.username, show: show.name, switch_ms: Math.round((now - firstAudioAt) * 1000) },
      'live show on air',
    );
    show.session = this.deps.records.begin(show.dj.id, show.name, at).then(
      async (id) => {
        if (show.title !== null) await this.deps.records.title(id, show.title, at);
        return id;
      },
      (err: unknown) => {
        this.deps.log.error({ err }, 'could not record the live show');
        return null;
      },
    );
    this.startTouching();
  }

  private backFromStandby(show: Show): void {
    show.standbySince = null;
    this.deps.log.info({ dj: show.dj.username }, 'live show continues');
    this.record(show, (id) =>
      this.deps.records.touch(id, this.deps.playout.nextByteAt, null, true),
    );
  }

  private title(show: Show, raw: string): void {
    const title = showText(raw, LIMITS.liveTitleMax);
    if (!title || title === show.title) return;
    show.title = title;
    if (!show.onAir) return; // recorded when the show begins
    this.deps.icyTitle(this.icy(show));
    const at = this.deps.playout.nextByteAt;
    show.chapters.push({ title, start: Math.max(0, at - show.onAirAt) });
    this.record(show, (id) => this.deps.records.title(id, title, at));
  }

  private sourceEnded(show: Show, source: LiveSource, reason: string): void {
    if (show.source !== source) return;
    show.source = null;
    show.feed.connected = false;
    this.deps.log.info({ dj: show.dj.username, reason }, 'live source disconnected');
    if (this.show !== show) return;
    if (!show.onAir) {
      // Never heard: nothing to hold.
      this.noShow();
      return;
    }
    const at = this.deps.playout.nextByteAt;
    show.standbySince = at;
    this.record(show, (id) => this.deps.records.touch(id, at, at, true));
    show.grace = setTimeout(() => {
      if (this.show === show && !show.source) this.end(show, 'the DJ did not come back');
    }, this.deps.graceSeconds * 1000);
  }

  /** The show is over: the queue takes the air back with its next entry. */
  private end(show: Show, reason: string): void {
    if (show.grace) clearTimeout(show.grace);
    show.grace = null;
    show.source?.end(reason);
    show.source = null;
    if (this.show === show) this.noShow();
    if (show.onAir) {
      this.deps.switching();
      this.deps.playout.backToQueue(this.deps.crossfadeSeconds);
      this.lastSwitchOut = Date.now() / 1000;
    }
    this.finishRecord(show);
    this.stopTouching();
    // The recording keeps the show's fade into the queue.
    setTimeout(() => this.finishRecording(show), (this.deps.crossfadeSeconds + 1) * 1000);
    this.deps.log.info({ dj: show.dj.username, reason }, 'live show over');
  }

  private finishRecord(show: Show): void {
    if (show.grace) clearTimeout(show.grace);
    show.grace = null;
    const at = this.deps.playout.nextByteAt;
    this.record(show, (id) => this.deps.records.end(id, at));
  }

  private finishRecording(show: Show): void {
    const recording = show.recording;
    if (!recording) return;
    show.recording = null;
    recording
      .finish({ title: show.name, artist: show.dj.username, chapters: show.chapters })
      .then((done) => {
        if (!done) return;
        this.deps.log.info({ dj: show.dj.username, ...done }, 'live show recorded');
        this.record(show, (id) => this.deps.records.recorded(id, done));
      })
      .catch((err: unknown) => this.deps.log.error({ err }, 'could not record the live show'));
  }

  private record(show: Show, write: (sessionId: number) => Promise<void>): void {
    void show.session
      ?.then((id) => (id === null ? undefined : write(id)))
      .catch((err: unknown) => this.deps.log.error({ err }, 'could not record the live show'));
  }

  private icy(show: Show): string {
    return showStreamTitle(show.name, show.dj.username, show.title);
  }

  private startTouching(): void {
    this.touchTimer ??= setInterval(() => {
      const show = this.show;
      if (!show) return;
      this.record(show, (id) =>
        this.deps.records.touch(id, this.deps.playout.nextByteAt, show.standbySince, false),
      );
    }, TOUCH_MS);
  }

  private stopTouching(): void {
    if (this.touchTimer) clearInterval(this.touchTimer);
    this.touchTimer = null;
  }
}
