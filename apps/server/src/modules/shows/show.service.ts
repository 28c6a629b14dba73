import {
  API,
  type LiveKickResult,
  type LiveShow,
  type PastShow,
  type RecordingList,
} from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { conflict } from '../../lib/http-error.js';
import type { AuditLogRepo } from '../users/audit-log.repo.js';
import type { DjRepo } from './dj.repo.js';
import type { SessionRow, ShowRepo } from './show.repo.js';

/** Titles of a show an update carries: enough for a listener some seconds behind. */
const TITLES_SHOWN = 20;
/** Past shows an update carries. */
const PAST_SHOWN = 5;
/** Recordings listed. */
const RECORDINGS_SHOWN = 100;
/** Titles of a recording listed: its chapters. */
const CHAPTERS_SHOWN = 200;

/**
 * Live shows as records: the playout leader writes them (a show begins at the DJ's first
 * audio, takes titles, is held on stand-by while the DJ is gone, ends), every API node reads
 * them into the playback update, and staff end one with a kick. Each write is announced as
 * `show.changed`, so open pages see it within the second.
 */
export class ShowService {
  constructor(
    private readonly deps: {
      db: Db;
      shows: ShowRepo;
      djs: DjRepo;
      audit: AuditLogRepo;
      bus: EventBus;
      clock: Clock;
      /** The planned show whose live window the DJ goes on air in, if any. */
      scheduledShowOf?: (djId: number, at: number) => Promise<number | null>;
    },
  ) {}

  /** The show on air for the playback update, with its latest titles; null without one. */
  async onAir(): Promise<LiveShow | null> {
    const session = await this.deps.shows.open();
    if (!session) return null;
    const titles = (await this.deps.shows.titles([session.id], TITLES_SHOWN)).get(session.id) ?? [];
    return {
      session_id: session.id,
      show: session.show_name,
      dj: session.dj,
      state: session.standby_since === null ? 'live' : 'standby',
      started_at: session.started_at,
      title: titles.at(-1)?.title ?? null,
      titles,
    };
  }

  /** Shows that ended since `since` (the oldest history shown), newest first. */
  async past(since: number): Promise<PastShow[]> {
    const sessions = await this.deps.shows.endedSince(since, PAST_SHOWN);
    const titles = await this.deps.shows.titles(
      sessions.map((s) => s.id),
      TITLES_SHOWN,
    );
    return sessions.map((s) => ({
      session_id: s.id,
      show: s.show_name,
      dj: s.dj,
      started_at: s.started_at,
      ended_at: s.ended_at ?? s.seen_at,
      titles: titles.get(s.id) ?? [],
    }));
  }

  /**
   * A title a DJ's software sent (already cleaned): the playout leader, wherever it runs, puts
   * it on air if that DJ's source is connected.
   */
  sendTitle(djId: number, title: string): void {
    this.deps.bus.publish({ type: 'show.title', dj_id: djId, title });
  }

  /** The show left open (by a playout that died, perhaps), if any. */
  open(): Promise<SessionRow | undefined> {
    return this.deps.shows.open();
  }

  /** A new show of `djId` from `at`; any show still open ends there. */
  async begin(djId: number, show: string, at: number): Promise<number> {
    const showId = (await this.deps.scheduledShowOf?.(djId, at)) ?? null;
    await this.deps.shows.endOpen(at);
    const id = await this.deps.shows.start(djId, show, at, showId);
    this.changed();
    return id;
  }

  async title(sessionId: number, title: string, at: number): Promise<void> {
    await this.deps.shows.addTitle(sessionId, title, at);
    this.changed();
  }

  /** The show is still on (renewed every few seconds), on stand-by since then or not. */
  async touch(sessionId: number, at: number, standbySince: number | null, announce: boolean) {
    await this.deps.shows.touch(sessionId, at, standbySince);
    if (announce) this.changed();
  }

  /** A show left open by a playout that stopped without ending it ends at `at`. */
  async endLeftOpen(at: number): Promise<void> {
    if (await this.deps.shows.endOpen(at)) this.changed();
  }

  async end(sessionId: number, at: number): Promise<void> {
    await this.deps.shows.end(sessionId, at);
    this.changed();
  }

  /**
   * Ends the show on air (moderators and admins): its DJ's source is dropped by the playout,
   * the queue resumes at once, and the DJ may not connect again for `banMinutes` (0: no ban).
   * Written to the audit log with the ban.
   */
  async kick(actor: { id: number }, banMinutes: number): Promise<LiveKickResult> {
    const { db, shows, djs, audit, clock } = this.deps;
    const now = clock.now();
    const until = banMinutes > 0 ? now + banMinutes * 60 : null;
    const session = await db.transaction().execute(async (trx) => {
      const open = await shows.open(trx);
      if (!open) throw conflict('No live show is on air.');
      await djs.setBan(open.dj_id, until, trx);
      await shows.endOpen(now, trx);
      await audit.log(
        {
          actor_id: actor.id,
          action: 'live.kick',
          target_user_id: open.dj_id,
          detail: { show: open.show_name, ban_minutes: banMinutes, banned_until: until },
        },
        now,
        trx,
      );
      return open;
    });
    this.deps.bus.publish({ type: 'show.ended', dj_id: session.dj_id, reason: 'kicked' });
    this.changed();
    return { dj: session.dj, banned_until: until };
  }

  /** A show's recording, finished by the playout. */
  async recorded(
    sessionId: number,
    recording: { name: string; seconds: number; bytes: number },
  ): Promise<void> {
    await this.deps.shows.setRecording(sessionId, recording);
  }

  /** The recordings kept (of one planned show, given `showId`), newest first, with titles. */
  async recordings(showId?: number): Promise<RecordingList> {
    const rows = await this.deps.shows.recorded(RECORDINGS_SHOWN, showId);
    const titles = await this.deps.shows.titles(
      rows.map((r) => r.id),
      CHAPTERS_SHOWN,
    );
    return {
      recordings: rows.map((r) => ({
        session_id: r.id,
        show: r.show,
        show_id: r.showId,
        dj: r.dj,
        started_at: r.startedAt,
        ended_at: r.endedAt,
        seconds: r.seconds,
        bytes: r.bytes,
        url: API.liveRecording.path({ id: r.id }),
        titles: titles.get(r.id) ?? [],
      })),
    };
  }

  /** A recording's file name under DATA_DIR/recordings, or null. */
  recordingOf(sessionId: number): Promise<string | null> {
    return this.deps.shows.recordingOf(sessionId);
  }

  /** Recordings of shows that started before `before`, for the playout to delete. */
  recordingsBefore(before: number): Promise<{ id: number; name: string }[]> {
    return this.deps.shows.recordingsBefore(before);
  }

  clearRecording(sessionId: number): Promise<void> {
    return this.deps.shows.clearRecording(sessionId);
  }

  private changed(): void {
    this.deps.bus.publish({ type: 'show.changed' });
  }
}
