import { z } from 'zod';
import { bodyIdSchema, idSchema } from './common.js';
import { ARTIST_LETTERS, LIMITS } from './limits.js';
import { DetailSongSchema, SongSchema } from './song.js';

/** Lists carry each song wrapped in a `song` field, with its tags beside it where asked. */
export const SongEntrySchema = z.object({
  song: SongSchema,
  tags: z.array(z.string()).optional(),
});
export type SongEntry = z.infer<typeof SongEntrySchema>;

export const TagCountsSchema = z.record(z.string(), z.number().int());
export type TagCounts = z.infer<typeof TagCountsSchema>;

export const SongDetailSchema = z.object({
  song: DetailSongSchema,
  tags: z.array(z.string()),
  relatedTags: TagCountsSchema,
  votes: z.array(z.object({ username: z.string(), vote: z.number().int() })),
  favorites: z.array(z.object({ username: z.string() })),
  /**
   * The song's last plays, newest first (at most 50), each with its requester (null: the
   * station's own pick); `play_count` counts them all.
   */
  history: z.array(
    z.object({ played_at: z.number(), requested_by_username: z.string().nullable() }),
  ),
  play_count: z.number().int(),
  /**
   * The request history: the song's last requests, newest first (at most 50), each with who
   * asked and when; `request_count` counts them all, so "Requested N times" and this list are
   * the same requests.
   */
  requests: z.array(z.object({ requested_at: z.number(), requested_by_username: z.string() })),
  comments: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      created_at: z.number(),
      comment: z.string(),
    }),
  ),
  request_count: z.number().int(),
});
export type SongDetail = z.infer<typeof SongDetailSchema>;

export const ArtistSongsSchema = z.object({
  id: z.number().int(),
  artist: z.string(),
  handle: z.string(),
  countrycode: z.string().nullable(),
  songs: z.array(SongEntrySchema),
});
export type ArtistSongs = z.infer<typeof ArtistSongsSchema>;

export const ArtistLetterSchema = z.enum(ARTIST_LETTERS);
/** `/api/artists/{letter}`: a letter in either case. */
export const ArtistLetterParamSchema = z.object({
  letter: z
    .string()
    .transform((l) => l.toUpperCase())
    .pipe(z.enum(ARTIST_LETTERS, { error: 'letter must be one of A-Z, 0-9 or -.' })),
});

export const ArtistListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  countrycode: z.string().nullable(),
  song_count: z.number().int(),
});
/** Keyed by artist handle. */
export const ArtistLetterListSchema = z.record(z.string(), ArtistListEntrySchema);
export type ArtistLetterList = z.infer<typeof ArtistLetterListSchema>;

export const PlatformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brief: z.string(),
  song_count: z.number().int(),
});
export type Platform = z.infer<typeof PlatformSchema>;
export const PlatformListSchema = z.object({ platforms: z.array(PlatformSchema) });
export type PlatformList = z.infer<typeof PlatformListSchema>;
/** `/api/platforms/{platform}`: the platform's name. */
export const PlatformParamSchema = z.object({ platform: z.string().min(1).max(200) });
/** `/api/tags/{tags}`: one tag or several, comma-separated. */
export const TagsParamSchema = z.object({ tags: z.string().min(1).max(1000) });

export const PageQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .max(10_000_000, 'offset is too large')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.maxTagLimit, `limit must be at most ${LIMITS.maxTagLimit}`)
    .default(LIMITS.pageSize),
});

export const PagedSongsSchema = z.object({
  songs: z.array(SongEntrySchema),
  total_count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

export const PlatformSongsSchema = PagedSongsSchema.extend({ platform: PlatformSchema });
export type PlatformSongs = z.infer<typeof PlatformSongsSchema>;

export const TagSongsSchema = PagedSongsSchema.extend({
  tags: z.array(z.string()),
  relatedTags: TagCountsSchema,
});
export type TagSongs = z.infer<typeof TagSongsSchema>;

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'q is required.').max(200, 'q must be at most 200 characters.'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const SearchResultSchema = z.object({ songs: z.array(SongEntrySchema) });
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const VoteBodySchema = z.object({
  vote: z
    .number({ error: 'vote must be a whole number from 1 to 5.' })
    .int('vote must be a whole number from 1 to 5.')
    .min(1, 'vote must be a whole number from 1 to 5.')
    .max(5, 'vote must be a whole number from 1 to 5.'),
});
export const VoteResultSchema = z.object({
  success: z.literal(true),
  avg_vote: z.number().nullable(),
  vote_count: z.number().int(),
  total_vote_score: z.number().int(),
  user_vote: z.number().int().nullable(),
});
export type VoteResult = z.infer<typeof VoteResultSchema>;
export const UserVotesSchema = z.object({ votes: z.record(z.string(), z.number().int()) });
export type UserVotesResponse = z.infer<typeof UserVotesSchema>;

export const FavoriteBodySchema = z.object({
  song_id: bodyIdSchema('song_id'),
});
export const FavoritesSchema = z.object({ favorites: z.array(SongEntrySchema) });
export type Favorites = z.infer<typeof FavoritesSchema>;
/** `/api/user/favorites/{songId}`. */
export const SongIdParamSchema = z.object({ songId: idSchema('songId') });

export const CommentBodySchema = z.object({
  comment: z
    .string({ error: 'comment must be text.' })
    .trim()
    .min(1, 'Comment must not be empty.')
    .max(LIMITS.commentMax, `Comment must be at most ${LIMITS.commentMax} characters.`),
});
export const RecentCommentSchema = z.object({
  id: z.number().int(),
  comment: z.string(),
  username: z.string(),
  created_at: z.number(),
  song: z.object({ id: z.number().int(), artist: z.string().nullable(), title: z.string() }),
});
export type RecentComment = z.infer<typeof RecentCommentSchema>;
export const RecentCommentsSchema = z.object({ comments: z.array(RecentCommentSchema) });
export type RecentComments = z.infer<typeof RecentCommentsSchema>;

/** POST /api/song/{id}/comment. */
export const CommentCreatedSchema = z.object({ success: z.literal(true), id: z.number().int() });
export type CommentCreated = z.infer<typeof CommentCreatedSchema>;
