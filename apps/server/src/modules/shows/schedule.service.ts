import {
  API,
  SCHEDULE_LIMITS,
  ShowThemeSchema,
  type NextShow,
  type Schedule,
  type ScheduledShow,
  type ShowBody,
  type ShowPage,
  type ShowSlot,
  type ShowTheme,
} from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import {
  inLiveWindow,
  liveWindowShow,
  nextSlot,
  slotAt,
  slotsBetween,
  WEEK_S,
  type Slot,
} from '../../core/schedule.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { EmbeddedPicture } from '../../media/cover-art.js';
import { showText } from '../../lib/text.js';
import type { AuditLogRepo } from '../users/audit-log.repo.js';
import type { DjRepo } from './dj.repo.js';
import type { ScheduleRepo, ShowRow, ShowValues } from './schedule.repo.js';

type Planned = ScheduledShow & { startsAt: number; weekly: boolean };

export const ARTWORK_UNREADABLE =
  'The artwork must be a PNG, JPEG, GIF or WebP picture of at most 4096 × 4096 pixels.';

/** A stored theme, or null when it is missing or does not read as one. */
function themeOf(json: string | null): ShowTheme | null {
  if (!json) return null;
  try {
    const parsed = ShowThemeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function present(row: ShowRow): Planned {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind === 'themed' ? 'themed' : 'live',
    dj: row.dj,
    starts_at: row.starts_at,
    startsAt: row.starts_at,
    minutes: row.minutes,
    weekly: Number(row.weekly) === 1,
    theme: row.kind === 'themed' ? themeOf(row.theme) : null,
    artwork_url: row.artwork ? API.art.path({ file: row.artwork }) : null,
  };
}

const slotOut = (slot: Slot<Planned>): ShowSlot => ({
  show: showOut(slot.show),
  starts_at: slot.startsAt,
  ends_at: slot.endsAt,
});

function showOut(show: Planned): ScheduledShow {
  const { id, title, description, kind, dj, starts_at, minutes, weekly, theme, artwork_url } = show;
  return { id, title, description, kind, dj, starts_at, minutes, weekly, theme, artwork_url };
}

/**
 * The show schedule: staff plan live shows (a DJ's slot: they may go on air from
 * SCHEDULE_LIMITS.earlyMinutes before it to its end) and themed ones (the auto-DJ follows
 * the theme for the slot, requests outside it waiting until the slot ends), once or weekly.
 * Changes are audited.
 */
export class ScheduleService {
  constructor(
    private readonly deps: {
      schedule: ScheduleRepo;
      djs: DjRepo;
      audit: AuditLogRepo;
      /** The art store: a picture in, its stored name out (null: not a picture it can read). */
      art: { ingest(picture: EmbeddedPicture): Promise<string | null> };
      bus: EventBus;
      clock: Clock;
    },
  ) {}

  private async planned(): Promise<Planned[]> {
    return (await this.deps.schedule.all()).map(present);
  }

  /** The seven days from `from` (now by default), the slot on now and the next. */
  async week(from?: number): Promise<Schedule> {
    const now = this.deps.clock.now();
    const start = from ?? now;
    const shows = await this.planned();
    return {
      from: start,
      to: start + WEEK_S,
      slots: slotsBetween(shows, start, start + WEEK_S).map(slotOut),
      now: mapNull(slotAt(shows, now), slotOut),
      next: mapNull(nextSlot(shows, now), slotOut),
      shows: shows.map(showOut),
    };
  }

  /** The next show to begin, as the now-playing panel says it. */
  async nextShow(): Promise<NextShow | null> {
    const next = nextSlot(await this.planned(), this.deps.clock.now());
    return next
      ? { title: next.show.title, kind: next.show.kind, dj: next.show.dj, starts_at: next.startsAt }
      : null;
  }

  /** The end of the live show's slot on now, if one is. */
  async liveSlotEnd(): Promise<number | null> {
    const live = (await this.planned()).filter((s) => s.kind === 'live');
    return slotAt(live, this.deps.clock.now())?.endsAt ?? null;
  }

  /** The theme the auto-DJ follows now: the themed show on air, if any. */
  async themeNow(): Promise<{ theme: ShowTheme; endsAt: number } | null> {
    const themed = (await this.planned()).filter((s) => s.kind === 'themed' && s.theme);
    const slot = slotAt(themed, this.deps.clock.now());
    return slot?.show.theme ? { theme: slot.show.theme, endsAt: slot.endsAt } : null;
  }

  /** Whether one of the DJ's live shows lets them on air at `now`. */
  async inTheirShow(djId: number, now: number): Promise<boolean> {
    const shows = (await this.deps.schedule.liveShowsOf(djId)).map(present);
    return inLiveWindow(shows, now, SCHEDULE_LIMITS.earlyMinutes * 60);
  }

  /** The DJ's live show whose window holds `now` (what a session going on air belongs to). */
  async theirShowAt(djId: number, now: number): Promise<number | null> {
    const shows = (await this.deps.schedule.liveShowsOf(djId)).map(present);
    return liveWindowShow(shows, now, SCHEDULE_LIMITS.earlyMinutes * 60)?.id ?? null;
  }

  /** A planned show and its next slot (null: a one-off show that is over). */
  async show(id: number): Promise<ShowPage> {
    const row = await this.deps.schedule.byId(id);
    if (!row) throw notFound('Show not found.');
    const show = present(row);
    const now = this.deps.clock.now();
    const slot = slotAt([show], now) ?? nextSlot([show], now);
    return {
      show: showOut(show),
      slot: slot ? { starts_at: slot.startsAt, ends_at: slot.endsAt } : null,
    };
  }

  async create(actor: { id: number }, body: ShowBody): Promise<ScheduledShow> {
    const values = await this.values(body);
    const now = this.deps.clock.now();
    const id = await this.deps.schedule.insert(values, actor.id, now);
    await this.audit(actor, 'schedule.create', id, values.title);
    return this.one(id);
  }

  async update(actor: { id: number }, id: number, body: ShowBody): Promise<ScheduledShow> {
    const values = await this.values(body);
    if (!(await this.deps.schedule.update(id, values))) throw notFound('Show not found.');
    await this.audit(actor, 'schedule.update', id, values.title);
    return this.one(id);
  }

  async remove(actor: { id: number }, id: number): Promise<void> {
    const show = await this.deps.schedule.byId(id);
    if (!show || !(await this.deps.schedule.remove(id))) throw notFound('Show not found.');
    await this.audit(actor, 'schedule.delete', id, show.title);
  }

  /** Sets a show's artwork from the bytes of a picture (PNG, JPEG, GIF or WebP). */
  async setArtwork(actor: { id: number }, id: number, data: Buffer): Promise<ScheduledShow> {
    const show = await this.deps.schedule.byId(id);
    if (!show) throw notFound('Show not found.');
    const name = await this.deps.art.ingest({ data, format: '' });
    if (!name) throw badRequest(ARTWORK_UNREADABLE);
    if (!(await this.deps.schedule.setArtwork(id, name))) throw notFound('Show not found.');
    await this.audit(actor, 'schedule.artwork', id, show.title);
    return this.one(id);
  }

  async removeArtwork(actor: { id: number }, id: number): Promise<ScheduledShow> {
    const show = await this.deps.schedule.byId(id);
    if (!show || !(await this.deps.schedule.setArtwork(id, null))) {
      throw notFound('Show not found.');
    }
    await this.audit(actor, 'schedule.artwork', id, show.title);
    return this.one(id);
  }

  private async one(id: number): Promise<ScheduledShow> {
    const row = await this.deps.schedule.byId(id);
    if (!row) throw notFound('Show not found.');
    return showOut(present(row));
  }

  private async values(body: ShowBody): Promise<ShowValues> {
    let djId: number | null = null;
    if (body.kind === 'live') {
      const dj = await this.deps.djs.byUsername(body.dj ?? '');
      if (!dj?.dj) throw notFound(`${body.dj ?? ''} is not a DJ here.`);
      djId = dj.id;
    }
    // Line breaks kept: a description is a few paragraphs of plain text.
    const description = body.description?.trim() ?? '';
    return {
      title: showText(body.title, SCHEDULE_LIMITS.titleMax) || 'Show',
      description: description || null,
      kind: body.kind,
      dj_id: djId,
      starts_at: body.starts_at,
      minutes: body.minutes,
      weekly: body.weekly ? 1 : 0,
      theme: body.kind === 'themed' && body.theme ? JSON.stringify(body.theme) : null,
    };
  }

  private async audit(actor: { id: number }, action: string, id: number, title: string) {
    await this.deps.audit.log(
      { actor_id: actor.id, action, target_user_id: null, detail: { show: id, title } },
      this.deps.clock.now(),
    );
    // Open pages see the next show change (the playback update carries it).
    this.deps.bus.publish({ type: 'show.changed' });
  }
}

function mapNull<T, U>(value: T | null, map: (v: T) => U): U | null {
  return value === null ? null : map(value);
}
