import { z } from 'zod';
import { LIMITS } from './limits.js';
import { RoleSchema } from './user.js';

/**
 * `/api/profile/{username}`, any case. Any text of a username's length is looked up, so a name
 * nobody has is 404 whatever its letters.
 */
export const ProfileParamSchema = z.object({
  username: z
    .string()
    .min(1, 'username is required.')
    .max(LIMITS.usernameMax, `A username is at most ${LIMITS.usernameMax} characters.`),
});

/** A song as a person's page names it: enough for a link and its line. */
export const ProfileSongSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first-credited artist, null without one. */
  artist: z.string().nullable(),
});
export type ProfileSong = z.infer<typeof ProfileSongSchema>;

/**
 * GET /api/profile/{username}: what anyone may see of a user: when they joined, their role and
 * their latest public activity, each list newest first and at most `LIMITS.profileListMax`
 * long. Songs waiting for review are left out as the catalogue leaves them out for the caller.
 * Never an email, a private message or a block.
 */
export const ProfileSchema = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    role: RoleSchema,
    /** When the account was made (epoch seconds). */
    joined: z.number().int(),
  }),
  requests: z.array(
    z.object({ id: z.number().int(), requested_at: z.number().int(), song: ProfileSongSchema }),
  ),
  favorites: z.array(z.object({ created_at: z.number().int(), song: ProfileSongSchema })),
  votes: z.array(
    z.object({ created_at: z.number().int(), vote: z.number().int(), song: ProfileSongSchema }),
  ),
  comments: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.number().int(),
      comment: z.string(),
      song: ProfileSongSchema,
    }),
  ),
  /** Their latest lines in the public chat, as its history shows them. */
  chat: z.array(
    z.object({ id: z.number().int(), timestamp: z.number().int(), message: z.string() }),
  ),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** How many items each list of a profile holds at most. */
export const PROFILE_LIST_MAX = LIMITS.profileListMax;
