import { LIMITS, type LiveLineItem, type LiveLineList } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { utcMinute } from '../../lib/text.js';
import type { SongPresenter } from '../catalog/song-presenter.js';
import type { UserRepo } from '../users/user.repo.js';
import type { DjRepo } from './dj.repo.js';
import type { LineRepo, LineRow } from './line.repo.js';
import type { ShowRepo } from './show.repo.js';

type Listener = { id: number; username: string; role: string };

/**
 * The request line: while a show is on, listeners' requests (which play after the show) and
 * dedications reach the DJ's open pages at once, and the DJ's page can read the show's line
 * back. A muted listener sends no dedications, as they post no chat lines.
 */
export class LineService {
  constructor(
    private readonly deps: {
      line: LineRepo;
      shows: ShowRepo;
      djs: DjRepo;
      users: Pick<UserRepo, 'mutedUntil' | 'findById'>;
      presenter: SongPresenter;
      bus: EventBus;
      clock: Clock;
    },
  ) {}

  /** A dedication to the DJ on air, naming a song or not. */
  async dedicate(
    user: Listener,
    body: { message: string; song_id?: number | undefined },
  ): Promise<LiveLineItem> {
    const now = this.deps.clock.now();
    const mutedUntil = await this.deps.users.mutedUntil(user.id);
    if (mutedUntil !== null && mutedUntil > now) {
      throw new HttpError(403, `You are muted until ${utcMinute(mutedUntil)}.`, {
        muted_until: mutedUntil,
      });
    }
    const session = await this.deps.shows.open();
    if (!session) throw conflict('No DJ is on air right now.');
    const song = body.song_id === undefined ? null : await this.song(body.song_id, user);
    if (body.song_id !== undefined && !song) throw notFound('Song not found.');
    return this.add(session, user, 'dedication', song, body.message, now);
  }

  /**
   * A request was queued (by the requests feature): during a show it goes to the DJ's line
   * too. Never fails the request: the line is a courtesy.
   */
  async requested(request: { userId: number; songId: number }): Promise<void> {
    const session = await this.deps.shows.open();
    if (!session) return;
    const user = await this.deps.users.findById(request.userId);
    if (!user) return;
    const song = await this.song(request.songId, user);
    await this.add(session, user, 'request', song, null, this.deps.clock.now());
  }

  /** The DJ's own show's line, newest first; empty while they are not on air. */
  async list(user: { id: number }): Promise<LiveLineList> {
    const account = await this.deps.djs.byId(user.id);
    if (!account?.dj) throw forbidden('Only DJs have a request line.');
    const session = await this.deps.shows.open();
    if (!session || session.dj_id !== user.id) return { on_air: false, items: [] };
    const rows = await this.deps.line.ofSession(session.id, LIMITS.liveLineShown);
    const songs = new Map<number, LiveLineItem['song']>();
    for (const id of new Set(rows.map((r) => r.song_id).filter((id) => id !== null))) {
      songs.set(id, await this.song(id, null));
    }
    return { on_air: true, items: rows.map((r) => toItem(r, songs.get(r.song_id ?? -1) ?? null)) };
  }

  private async song(id: number, viewer: Listener | null): Promise<LiveLineItem['song']> {
    const song = await this.deps.presenter.presentOne(id, viewer);
    return song ? { id: song.id, title: song.title, artist: song.artist } : null;
  }

  private async add(
    session: { id: number; dj_id: number },
    user: Listener,
    kind: 'request' | 'dedication',
    song: LiveLineItem['song'],
    message: string | null,
    now: number,
  ): Promise<LiveLineItem> {
    const id = await this.deps.line.add({
      session_id: session.id,
      user_id: user.id,
      kind,
      song_id: song?.id ?? null,
      message,
      created_at: now,
    });
    const item: LiveLineItem = { id, kind, from: user.username, message, song, created_at: now };
    this.deps.bus.publish({ type: 'show.line', dj_id: session.dj_id, item });
    return item;
  }
}

function toItem(row: LineRow, song: LiveLineItem['song']): LiveLineItem {
  return {
    id: row.id,
    kind: row.kind === 'request' ? 'request' : 'dedication',
    from: row.from,
    message: row.message,
    song,
    created_at: row.created_at,
  };
}
