import { z } from 'zod';
import { bodyIdSchema, ErrorSchema, idSchema } from './common.js';

const seconds = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of seconds.` })
    .int(`${name} must be a whole number of seconds.`)
    .min(0, `${name} must not be negative.`)
    .max(24 * 3600, `${name} must be at most a day.`);

/**
 * POST /api/song/{id}/tweak: how the song plays on air. `h_skip` seconds are skipped at the
 * start, `h_length` seconds are played (0: to the end), and the last `h_fadeout` seconds of
 * what plays fade out.
 */
export const TweakSchema = z.object({
  h_length: seconds('h_length'),
  h_skip: seconds('h_skip'),
  h_fadeout: seconds('h_fadeout'),
});
export type Tweak = z.infer<typeof TweakSchema>;

/** What a song's `status` says. `review`: a listener's addition or upload waits for staff. */
export const SONG_STATUSES = ['active', 'missing_file', 'review'] as const;

const FILL_ALL_FIELDS = 'Please fill all fields.';

/**
 * POST /api/song: a new song of one artist on one platform; its file is uploaded after. A field
 * missing, null or blank is refused with the form's own text.
 */
export const AddSongSchema = z
  .object({
    artist_id: bodyIdSchema('artist_id').nullish(),
    title: z.string().trim().max(300, 'The title must be at most 300 characters.').nullish(),
    platform: z.string().trim().max(100, 'Please select a valid platform from the list.').nullish(),
  })
  .transform(({ artist_id, title, platform }, ctx) => {
    if (!artist_id || !title || !platform) {
      ctx.addIssue({ code: 'custom', message: FILL_ALL_FIELDS });
      return z.NEVER;
    }
    return { artist_id, title, platform };
  });
export type AddSong = z.infer<typeof AddSongSchema>;

/** The new song's id and status: `missing_file` for staff, `review` for a listener. */
export const AddSongResultSchema = z.object({ song_id: z.number().int(), status: z.string() });
export type AddSongResult = z.infer<typeof AddSongResultSchema>;
/** 409 from POST /api/song: the artist already has this title on this platform. */
export const AddSongConflictSchema = ErrorSchema.extend({ song_id: z.number().int() });
export type AddSongConflict = z.infer<typeof AddSongConflictSchema>;

/** GET /api/songs/platforms: every known platform name, for the add-song suggestions. */
export const PlatformNamesSchema = z.object({ platforms: z.array(z.string()) });
export type PlatformNames = z.infer<typeof PlatformNamesSchema>;

/** GET /api/search/artists?q=: artists whose name starts with (or contains) `q`. */
export const ArtistSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'q is required.').max(100, 'q must be at most 100 characters.'),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(20, 'limit must be at most 20')
    .default(10),
});
export const ArtistSuggestionSchema = z.object({ id: z.number().int(), name: z.string() });
export type ArtistSuggestion = z.infer<typeof ArtistSuggestionSchema>;
export const ArtistSuggestionsSchema = z.object({ artists: z.array(ArtistSuggestionSchema) });
export type ArtistSuggestions = z.infer<typeof ArtistSuggestionsSchema>;

/** POST /api/song/upload answers the song's state after the file was stored. */
export const UploadResultSchema = z.object({
  success: z.literal(true),
  song_id: z.number().int(),
  file_id: z.number().int(),
  /** `active`: playable now; `review`: waits for staff. */
  status: z.string(),
  /** Seconds, as the analysis measured. */
  duration: z.number(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** An audio file as the file tools show it; `songid` null when associated with no song. */
export const FileRecordSchema = z.object({
  fileid: z.number().int(),
  filename: z.string(),
  songid: z.number().int().nullable(),
  title: z.string().nullable(),
  artists: z.string().nullable(),
  /** Waiting for staff review (a listener's upload). */
  pending: z.boolean(),
});
export type FileRecord = z.infer<typeof FileRecordSchema>;
export const FileListSchema = z.object({ files: z.array(FileRecordSchema) });
export type FileList = z.infer<typeof FileListSchema>;
export const FileSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search term must be at least 3 characters' })
    .trim()
    .min(3, 'Search term must be at least 3 characters')
    .max(200, 'Search term must be at most 200 characters')
    // A missing term is refused with the same words as a short one.
    .prefault(''),
});
export const FileIdParamSchema = z.object({
  fileid: idSchema('fileid'),
});
/** PUT /api/files/{fileid}/associate. */
export const AssociateBodySchema = z.object({ songId: bodyIdSchema('songId') });
export type AssociateBody = z.infer<typeof AssociateBodySchema>;
export const FileAnswerSchema = z.object({ file: FileRecordSchema });
export type FileAnswer = z.infer<typeof FileAnswerSchema>;

/** GET /api/songs/without-files. */
export const MissingSongsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(50),
  platform: z.string().trim().max(100, 'platform is too long').optional(),
  q: z.string().trim().max(200, 'q is too long').optional(),
});
export type MissingSongsQuery = z.infer<typeof MissingSongsQuerySchema>;
export const MissingSongSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist_name: z.string().nullable(),
  platform: z.string().nullable(),
  status: z.string().nullable(),
});
export type MissingSong = z.infer<typeof MissingSongSchema>;
export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalSongs: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;
export const MissingSongsSchema = z.object({
  songs: z.array(MissingSongSchema),
  pagination: PaginationSchema,
});
export type MissingSongs = z.infer<typeof MissingSongsSchema>;

/** A song waiting for staff review: a listener's new song, a listener's upload, or both. */
export const ReviewItemSchema = z.object({
  song_id: z.number().int(),
  title: z.string(),
  artist: z.string().nullable(),
  platform: z.string().nullable(),
  /** Who added the song; null when an import did. */
  added_by: z.string().nullable(),
  /** The song itself is new and unapproved (rejecting removes it). */
  new_song: z.boolean(),
  /** The waiting upload, if any. */
  file: z
    .object({
      fileid: z.number().int(),
      filename: z.string(),
      duration: z.number().nullable(),
      uploaded_by: z.string().nullable(),
    })
    .nullable(),
  /** When it began to wait: the new song's creation, else the upload's (epoch seconds). */
  created_at: z.number().int(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;
export const ReviewListSchema = z.object({ items: z.array(ReviewItemSchema) });
export type ReviewList = z.infer<typeof ReviewListSchema>;
/** PUT /api/review/{id}/approve and /reject answer the song's status after. */
export const ReviewOutcomeSchema = z.object({
  success: z.literal(true),
  song_id: z.number().int(),
  /** `active`, `missing_file`, or `removed` when a rejected new song is gone. */
  status: z.string(),
});
export type ReviewOutcome = z.infer<typeof ReviewOutcomeSchema>;
