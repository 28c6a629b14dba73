import {
  SCHEDULE_LIMITS as CONTRACT_LIMITS,
  ShowBodySchema,
  type ScheduledShow,
} from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import {
  artworkProblem,
  checkShow,
  draftFromShow,
  emptyDraft,
  fromLocalInputs,
  SCHEDULE_LIMITS,
  SHOW_MESSAGES,
  splitList,
  toLocalInputs,
  type ShowDraft,
} from './show-form';

const local = (y: number, m: number, d: number, h = 0, mi = 0) =>
  new Date(y, m - 1, d, h, mi).getTime() / 1000;

const draft = (over: Partial<ShowDraft> = {}): ShowDraft => ({
  title: ' Night Shift ',
  description: '',
  kind: 'live',
  dj: 'ann',
  date: '2026-11-27',
  time: '21:30',
  minutes: '90',
  weekly: true,
  platforms: '',
  tags: '',
  artists: '',
  minRating: '',
  ...over,
});

const error = (over: Partial<ShowDraft>) => {
  const check = checkShow(draft(over));
  return check.ok ? null : check.error;
};

describe('local date and time inputs', () => {
  it('reads a local date and time as epoch seconds', () => {
    expect(fromLocalInputs('2026-11-27', '21:30')).toBe(local(2026, 11, 27, 21, 30));
    expect(fromLocalInputs('2026-01-01', '00:00')).toBe(local(2026, 1, 1));
    expect(fromLocalInputs('2026-11-27', '21:30:00')).toBe(local(2026, 11, 27, 21, 30));
  });

  it('refuses what is not a day or a time', () => {
    expect(fromLocalInputs('', '21:30')).toBeNull();
    expect(fromLocalInputs('2026-11-27', '')).toBeNull();
    expect(fromLocalInputs('2026-02-30', '10:00')).toBeNull();
    expect(fromLocalInputs('2026-11-27', '24:00')).toBeNull();
    expect(fromLocalInputs('27.11.2026', '10:00')).toBeNull();
  });

  it('writes epoch seconds back as the inputs hold them', () => {
    expect(toLocalInputs(local(2026, 3, 5, 7, 5))).toEqual({ date: '2026-03-05', time: '07:05' });
    const at = local(2026, 11, 27, 21, 30);
    const { date, time } = toLocalInputs(at);
    expect(fromLocalInputs(date, time)).toBe(at);
  });
});

describe('the show form', () => {
  it("checks the contract's limits", () => {
    expect(SCHEDULE_LIMITS).toEqual({
      titleMax: CONTRACT_LIMITS.titleMax,
      descriptionMax: CONTRACT_LIMITS.descriptionMax,
      minutesMin: CONTRACT_LIMITS.minutesMin,
      minutesMax: CONTRACT_LIMITS.minutesMax,
      themeItemsMax: CONTRACT_LIMITS.themeItemsMax,
      themeItemMax: CONTRACT_LIMITS.themeItemMax,
      artworkMaxBytes: CONTRACT_LIMITS.artworkMaxBytes,
    });
  });

  it('splits comma-separated lists, dropping blanks', () => {
    expect(splitList(' Amiga , C64,, ,Atari ST ')).toEqual(['Amiga', 'C64', 'Atari ST']);
    expect(splitList('')).toEqual([]);
  });

  it('sends a live show with its DJ and no theme', () => {
    expect(checkShow(draft({ dj: ' @ann ', description: '  Requests welcome  ' }))).toEqual({
      ok: true,
      body: {
        title: 'Night Shift',
        description: 'Requests welcome',
        kind: 'live',
        dj: 'ann',
        starts_at: local(2026, 11, 27, 21, 30),
        minutes: 90,
        weekly: true,
        theme: null,
      },
    });
  });

  it('sends a themed show with its theme and no DJ', () => {
    const check = checkShow(
      draft({
        kind: 'themed',
        dj: 'ann',
        weekly: false,
        platforms: 'Amiga, C64',
        tags: 'chip',
        artists: '',
        minRating: '3.5',
      }),
    );
    expect(check).toEqual({
      ok: true,
      body: {
        title: 'Night Shift',
        description: null,
        kind: 'themed',
        dj: null,
        starts_at: local(2026, 11, 27, 21, 30),
        minutes: 90,
        weekly: false,
        theme: { platforms: ['Amiga', 'C64'], tags: ['chip'], artists: [], min_rating: 3.5 },
      },
    });
    const open = checkShow(draft({ kind: 'themed' }));
    expect(open.ok && open.body.theme).toEqual({
      platforms: [],
      tags: [],
      artists: [],
      min_rating: null,
    });
  });

  it("says the contract's messages before sending", () => {
    expect(error({ title: '   ' })).toBe(SHOW_MESSAGES.titleEmpty);
    expect(error({ title: 'x'.repeat(101) })).toBe('Title must be at most 100 characters.');
    expect(error({ description: 'x'.repeat(2001) })).toBe(
      'Description must be at most 2000 characters.',
    );
    expect(error({ date: '' })).toBe(SHOW_MESSAGES.start);
    expect(error({ minutes: '' })).toBe(SHOW_MESSAGES.minutesWhole);
    expect(error({ minutes: '7.5' })).toBe(SHOW_MESSAGES.minutesWhole);
    expect(error({ minutes: '4' })).toBe('A show lasts at least 5 minutes.');
    expect(error({ minutes: '1441' })).toBe('A show lasts at most a day.');
    expect(error({ minutes: '1440' })).toBeNull();
    expect(error({ dj: '  ' })).toBe('A live show needs its DJ.');
    expect(error({ kind: 'themed', dj: '' })).toBeNull();
    expect(error({ kind: 'themed', minRating: '6' })).toBe(SHOW_MESSAGES.rating);
    expect(error({ kind: 'themed', minRating: '0' })).toBe(SHOW_MESSAGES.rating);
    expect(error({ kind: 'themed', minRating: 'x' })).toBe(SHOW_MESSAGES.rating);
    expect(error({ kind: 'themed', tags: Array.from({ length: 21 }, (_, i) => i).join() })).toBe(
      'tags may hold at most 20 entries.',
    );
    expect(error({ kind: 'themed', artists: 'x'.repeat(101) })).toBe(
      'Each of artists must be at most 100 characters.',
    );
    // A live show's leftover theme fields do not count.
    expect(error({ kind: 'live', minRating: '9' })).toBeNull();
  });

  it('says what the server would say', () => {
    const valid = { title: 'x', kind: 'live', dj: 'ann', starts_at: 0, minutes: 60 };
    const server = (over: Record<string, unknown>) => {
      const result = ShowBodySchema.safeParse({ ...valid, ...over });
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(error({ title: ' ' })).toBe(server({ title: ' ' }));
    expect(error({ title: 'x'.repeat(101) })).toBe(server({ title: 'x'.repeat(101) }));
    expect(error({ description: 'x'.repeat(2001) })).toBe(
      server({ description: 'x'.repeat(2001) }),
    );
    expect(error({ minutes: '4' })).toBe(server({ minutes: 4 }));
    expect(error({ minutes: '1441' })).toBe(server({ minutes: 1441 }));
    expect(error({ dj: '' })).toBe(server({ dj: null }));
    const theme = { platforms: [], artists: [], min_rating: null };
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(error({ kind: 'themed', tags: many.join(',') })).toBe(
      server({ kind: 'themed', theme: { ...theme, tags: many } }),
    );
  });

  it('starts a new show at the next full hour, and fills an edit from the show', () => {
    const fresh = emptyDraft(local(2026, 11, 27, 14, 20));
    expect([fresh.date, fresh.time, fresh.kind, fresh.minutes]).toEqual([
      '2026-11-27',
      '15:00',
      'live',
      '60',
    ]);
    expect(emptyDraft(local(2026, 12, 31, 23, 5)).date).toBe('2027-01-01');

    const themed: ScheduledShow = {
      id: 4,
      title: 'Chip hour',
      description: 'Bleeps',
      kind: 'themed',
      dj: null,
      starts_at: local(2026, 11, 28, 20),
      minutes: 60,
      weekly: true,
      theme: { platforms: ['Amiga', 'C64'], tags: [], artists: ['Hubbard'], min_rating: 4 },
      artwork_url: null,
    };
    const edit = draftFromShow(themed);
    expect(edit).toMatchObject({
      title: 'Chip hour',
      description: 'Bleeps',
      kind: 'themed',
      dj: '',
      date: '2026-11-28',
      time: '20:00',
      minutes: '60',
      weekly: true,
      platforms: 'Amiga, C64',
      tags: '',
      artists: 'Hubbard',
      minRating: '4',
    });
    const again = checkShow(edit);
    expect(again.ok && again.body).toEqual({
      title: 'Chip hour',
      description: 'Bleeps',
      kind: 'themed',
      dj: null,
      starts_at: themed.starts_at,
      minutes: 60,
      weekly: true,
      theme: themed.theme,
    });
  });
});

describe("a show's artwork", () => {
  it('is a PNG, JPEG, GIF or WebP picture of at most 5 MB', () => {
    expect(artworkProblem({ type: 'image/png', size: 70 })).toBeNull();
    expect(
      artworkProblem({ type: 'image/webp', size: SCHEDULE_LIMITS.artworkMaxBytes }),
    ).toBeNull();
    expect(artworkProblem({ type: 'image/svg+xml', size: 70 })).toBe(
      'The artwork must be a PNG, JPEG, GIF or WebP picture.',
    );
    expect(artworkProblem({ type: '', size: 70 })).toBe(
      'The artwork must be a PNG, JPEG, GIF or WebP picture.',
    );
    expect(artworkProblem({ type: 'image/jpeg', size: SCHEDULE_LIMITS.artworkMaxBytes + 1 })).toBe(
      'The artwork must be at most 5 MB.',
    );
  });
});
