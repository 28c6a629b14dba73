import { z } from 'zod';

/*
 * The show schedule: shows staff plan on the week. A `live` show is its DJ's slot (they may go
 * on air from 15 minutes before its start to its end); a `themed` show is an hour of the
 * auto-DJ following a filter, requests outside it waiting for the slot's end.
 */

export const SCHEDULE_LIMITS = {
  titleMax: 100,
  descriptionMax: 2000,
  /** A slot lasts 5 minutes to a day. */
  minutesMin: 5,
  minutesMax: 24 * 60,
  /** Entries of each list of a theme. */
  themeItemsMax: 20,
  themeItemMax: 100,
  /** A DJ may connect this long before their show starts. */
  earlyMinutes: 15,
  /** A show's artwork: a PNG, JPEG, GIF or WebP picture of at most this many bytes. */
  artworkMaxBytes: 5 * 1024 * 1024,
} as const;

const themeList = (name: string) =>
  z
    .array(
      z
        .string({ error: `${name} must be a list of text.` })
        .trim()
        .min(1, `${name} must not hold blank entries.`)
        .max(
          SCHEDULE_LIMITS.themeItemMax,
          `Each of ${name} must be at most ${SCHEDULE_LIMITS.themeItemMax} characters.`,
        ),
      { error: `${name} must be a list of text.` },
    )
    .max(
      SCHEDULE_LIMITS.themeItemsMax,
      `${name} may hold at most ${SCHEDULE_LIMITS.themeItemsMax} entries.`,
    );

/**
 * What a themed show plays: songs of any of the platforms, with any of the tags, by any of
 * the artists (names, as the catalogue spells them), rated at least `min_rating`. An empty
 * list does not narrow; a song must pass every list that is not empty.
 */
export const ShowThemeSchema = z.object({
  platforms: themeList('platforms').default([]),
  tags: themeList('tags').default([]),
  artists: themeList('artists').default([]),
  min_rating: z
    .number({ error: 'min_rating must be a number from 1 to 5.' })
    .min(1, 'min_rating must be a number from 1 to 5.')
    .max(5, 'min_rating must be a number from 1 to 5.')
    .nullable()
    .default(null),
});
export type ShowTheme = z.infer<typeof ShowThemeSchema>;

export const SHOW_KINDS = ['live', 'themed'] as const;

/** A show as the schedule lists it. `starts_at` is its first slot (epoch seconds). */
export const ScheduledShowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(SHOW_KINDS),
  /** The DJ of a live show. */
  dj: z.string().nullable(),
  starts_at: z.number().int(),
  minutes: z.number().int(),
  weekly: z.boolean(),
  theme: ShowThemeSchema.nullable(),
  /** The show's artwork (`/api/art/{file}`; `?size=96` or `512` for a square JPEG), if set. */
  artwork_url: z.string().nullable(),
});
export type ScheduledShow = z.infer<typeof ScheduledShowSchema>;

/** One slot of a show: its start and end (epoch seconds). */
export const ShowSlotSchema = z.object({
  show: ScheduledShowSchema,
  starts_at: z.number().int(),
  ends_at: z.number().int(),
});
export type ShowSlot = z.infer<typeof ShowSlotSchema>;

/**
 * GET /api/schedule?from=: the slots of the seven days from `from` (default: now), the slot on
 * now and the next one to begin.
 */
export const ScheduleQuerySchema = z.object({
  from: z.coerce
    .number({ error: 'from must be a time in epoch seconds.' })
    .int('from must be a time in epoch seconds.')
    .min(0, 'from must be a time in epoch seconds.')
    .max(2 ** 40, 'from must be a time in epoch seconds.')
    .optional(),
});
export const ScheduleSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  slots: z.array(ShowSlotSchema),
  now: ShowSlotSchema.nullable(),
  next: ShowSlotSchema.nullable(),
  /** Every show planned (for staff's list). */
  shows: z.array(ScheduledShowSchema),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/** GET /api/schedule/{id}: a show's page: the show and its slot on now or next (null: over). */
export const ShowPageSchema = z.object({
  show: ScheduledShowSchema,
  slot: z.object({ starts_at: z.number().int(), ends_at: z.number().int() }).nullable(),
});
export type ShowPage = z.infer<typeof ShowPageSchema>;

/** POST /api/schedule and PUT /api/schedule/{id} (staff). */
export const ShowBodySchema = z
  .object({
    title: z
      .string({ error: 'title must be text.' })
      .trim()
      .min(1, 'Title must not be empty.')
      .max(
        SCHEDULE_LIMITS.titleMax,
        `Title must be at most ${SCHEDULE_LIMITS.titleMax} characters.`,
      ),
    description: z
      .string({ error: 'description must be text.' })
      .trim()
      .max(
        SCHEDULE_LIMITS.descriptionMax,
        `Description must be at most ${SCHEDULE_LIMITS.descriptionMax} characters.`,
      )
      .nullable()
      .optional(),
    kind: z.enum(SHOW_KINDS, { error: 'kind must be live or themed.' }),
    dj: z.string({ error: 'dj must be a username.' }).trim().min(1).max(64).nullable().optional(),
    starts_at: z
      .number({ error: 'starts_at must be a time in epoch seconds.' })
      .int('starts_at must be a time in epoch seconds.')
      .min(0, 'starts_at must be a time in epoch seconds.')
      .max(2 ** 40, 'starts_at must be a time in epoch seconds.'),
    minutes: z
      .number({ error: 'minutes must be a whole number.' })
      .int('minutes must be a whole number.')
      .min(
        SCHEDULE_LIMITS.minutesMin,
        `A show lasts at least ${SCHEDULE_LIMITS.minutesMin} minutes.`,
      )
      .max(SCHEDULE_LIMITS.minutesMax, 'A show lasts at most a day.'),
    weekly: z.boolean({ error: 'weekly must be true or false.' }).default(false),
    theme: ShowThemeSchema.nullable().optional(),
  })
  .refine((b) => b.kind !== 'live' || (b.dj ?? '') !== '', {
    message: 'A live show needs its DJ.',
    path: ['dj'],
  })
  .refine((b) => b.kind !== 'themed' || b.theme, {
    message: 'A themed show needs its theme.',
    path: ['theme'],
  });
export type ShowBody = z.infer<typeof ShowBodySchema>;

/** The next show, as the now-playing panel says it: "Next show: … in 2 h". */
export const NextShowSchema = z.object({
  title: z.string(),
  kind: z.enum(SHOW_KINDS),
  dj: z.string().nullable(),
  starts_at: z.number().int(),
});
export type NextShow = z.infer<typeof NextShowSchema>;
