import type { ScheduledShow, ShowBody } from '@queuecast/contract';
import { localDateKey } from './schedule-time';

/**
 * The contract's SCHEDULE_LIMITS, written out: its module builds the zod schemas as it loads,
 * which would bring zod into this page's chunk (show-form.test.ts holds the two equal).
 */
export const SCHEDULE_LIMITS = {
  titleMax: 100,
  descriptionMax: 2000,
  minutesMin: 5,
  minutesMax: 24 * 60,
  themeItemsMax: 20,
  themeItemMax: 100,
  artworkMaxBytes: 5 * 1024 * 1024,
} as const;

/** The show form as typed: every field as its input holds it. */
export interface ShowDraft {
  title: string;
  description: string;
  kind: 'live' | 'themed';
  dj: string;
  /** `YYYY-MM-DD`, local. */
  date: string;
  /** `HH:MM`, local. */
  time: string;
  minutes: string;
  weekly: boolean;
  /** Comma-separated lists. */
  platforms: string;
  tags: string;
  artists: string;
  /** Empty for none. */
  minRating: string;
}

export type ShowCheck = { ok: true; body: ShowBody } | { ok: false; error: string };

/** The messages of the contract's ShowBodySchema, said before sending. */
export const SHOW_MESSAGES = {
  titleEmpty: 'Title must not be empty.',
  titleLong: `Title must be at most ${SCHEDULE_LIMITS.titleMax} characters.`,
  descriptionLong: `Description must be at most ${SCHEDULE_LIMITS.descriptionMax} characters.`,
  start: 'Pick the day and time the show starts.',
  minutesWhole: 'Minutes must be a whole number.',
  minutesShort: `A show lasts at least ${SCHEDULE_LIMITS.minutesMin} minutes.`,
  minutesLong: 'A show lasts at most a day.',
  dj: 'A live show needs its DJ.',
  rating: 'The minimum rating must be a number from 1 to 5.',
  itemsMany: (name: string) => `${name} may hold at most ${SCHEDULE_LIMITS.themeItemsMax} entries.`,
  itemLong: (name: string) =>
    `Each of ${name} must be at most ${SCHEDULE_LIMITS.themeItemMax} characters.`,
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds as the values of a date and a time input, in local time. */
export function toLocalInputs(epochSeconds: number): { date: string; time: string } {
  const d = new Date(epochSeconds * 1000);
  return { date: localDateKey(epochSeconds), time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

/**
 * A date input's `YYYY-MM-DD` and a time input's `HH:MM` (local time) as epoch seconds; null
 * when either is missing or no such day or time exists.
 */
export function fromLocalInputs(date: string, time: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return null;
  const at = new Date(year, month - 1, day, hour, minute, 0, 0);
  // 2026-02-30 rolls over into March: not a day.
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  const seconds = Math.floor(at.getTime() / 1000);
  return seconds >= 0 ? seconds : null;
}

/** A comma-separated list: entries trimmed, blank ones dropped. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A new show's form: a live hour from the next full hour. */
export function emptyDraft(now: number): ShowDraft {
  const nextHour = new Date(now * 1000);
  nextHour.setMinutes(60, 0, 0);
  const { date, time } = toLocalInputs(Math.floor(nextHour.getTime() / 1000));
  return {
    title: '',
    description: '',
    kind: 'live',
    dj: '',
    date,
    time,
    minutes: '60',
    weekly: false,
    platforms: '',
    tags: '',
    artists: '',
    minRating: '',
  };
}

/** The form of a planned show, to edit it. */
export function draftFromShow(show: ScheduledShow): ShowDraft {
  const { date, time } = toLocalInputs(show.starts_at);
  return {
    title: show.title,
    description: show.description ?? '',
    kind: show.kind,
    dj: show.dj ?? '',
    date,
    time,
    minutes: String(show.minutes),
    weekly: show.weekly,
    platforms: show.theme?.platforms.join(', ') ?? '',
    tags: show.theme?.tags.join(', ') ?? '',
    artists: show.theme?.artists.join(', ') ?? '',
    minRating: show.theme?.min_rating === null || !show.theme ? '' : String(show.theme.min_rating),
  };
}

/** The first problem of a theme list, if any. */
function listProblem(items: string[], name: string): string | null {
  if (items.length > SCHEDULE_LIMITS.themeItemsMax) return SHOW_MESSAGES.itemsMany(name);
  if (items.some((item) => item.length > SCHEDULE_LIMITS.themeItemMax)) {
    return SHOW_MESSAGES.itemLong(name);
  }
  return null;
}

/**
 * Whether the form may be sent, and the body to send (ShowBody): the contract's rules, checked
 * in the form's order. A live show sends its DJ and no theme; a themed show its theme and no
 * DJ. An empty description is none.
 */
export function checkShow(draft: ShowDraft): ShowCheck {
  const fail = (error: string): ShowCheck => ({ ok: false, error });
  const title = draft.title.trim();
  if (!title) return fail(SHOW_MESSAGES.titleEmpty);
  if (title.length > SCHEDULE_LIMITS.titleMax) return fail(SHOW_MESSAGES.titleLong);
  const description = draft.description.trim();
  if (description.length > SCHEDULE_LIMITS.descriptionMax) {
    return fail(SHOW_MESSAGES.descriptionLong);
  }
  const startsAt = fromLocalInputs(draft.date, draft.time);
  if (startsAt === null) return fail(SHOW_MESSAGES.start);
  const minutesText = draft.minutes.trim();
  const minutes = Number(minutesText);
  if (!/^\d+$/.test(minutesText) || !Number.isSafeInteger(minutes)) {
    return fail(SHOW_MESSAGES.minutesWhole);
  }
  if (minutes < SCHEDULE_LIMITS.minutesMin) return fail(SHOW_MESSAGES.minutesShort);
  if (minutes > SCHEDULE_LIMITS.minutesMax) return fail(SHOW_MESSAGES.minutesLong);
  const common = {
    title,
    description: description || null,
    kind: draft.kind,
    starts_at: startsAt,
    minutes,
    weekly: draft.weekly,
  };
  if (draft.kind === 'live') {
    const dj = draft.dj.trim().replace(/^@/, '');
    if (!dj) return fail(SHOW_MESSAGES.dj);
    return { ok: true, body: { ...common, dj, theme: null } };
  }
  const platforms = splitList(draft.platforms);
  const tags = splitList(draft.tags);
  const artists = splitList(draft.artists);
  const problem =
    listProblem(platforms, 'platforms') ??
    listProblem(tags, 'tags') ??
    listProblem(artists, 'artists');
  if (problem) return fail(problem);
  const ratingText = draft.minRating.trim();
  let minRating: number | null = null;
  if (ratingText) {
    minRating = Number(ratingText);
    if (!Number.isFinite(minRating) || minRating < 1 || minRating > 5) {
      return fail(SHOW_MESSAGES.rating);
    }
  }
  return {
    ok: true,
    body: { ...common, dj: null, theme: { platforms, tags, artists, min_rating: minRating } },
  };
}

/** The picture types a show's artwork may be (the file picker's `accept`). */
export const ARTWORK_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** Why a picked artwork file cannot be sent, or null when it can. */
export function artworkProblem(file: { type: string; size: number }): string | null {
  if (!ARTWORK_TYPES.split(',').includes(file.type)) {
    return 'The artwork must be a PNG, JPEG, GIF or WebP picture.';
  }
  if (file.size > SCHEDULE_LIMITS.artworkMaxBytes) return 'The artwork must be at most 5 MB.';
  return null;
}
