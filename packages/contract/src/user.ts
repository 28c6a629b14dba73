import { z } from 'zod';
import { idPageQuery } from './common.js';
import { LIMITS, ROLES } from './limits.js';

export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const UsernameSchema = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters.`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters.`)
  .regex(
    /^[A-Za-z0-9_.-]+$/,
    'Username may only contain letters, digits, dots, dashes and underscores.',
  );

export const PasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters long.`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters long.`);

/** The public view of an account. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

/** Decoded session token payload (`exp` and `iat` in epoch seconds; `tv` the token version). */
export const TokenPayloadSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: RoleSchema,
  tv: z.number().int(),
  exp: z.number(),
  iat: z.number().optional(),
});
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;

export const ReferralSchema = z.object({
  code: z.string(),
  consumer_username: z.string().nullable(),
});
export type Referral = z.infer<typeof ReferralSchema>;
export const ReferralListSchema = z.object({ referrals: z.array(ReferralSchema) });
export type ReferralList = z.infer<typeof ReferralListSchema>;

/** GET /api/user/me. */
export const MeSchema = z.object({ user: UserSchema });
export type Me = z.infer<typeof MeSchema>;

export const ActiveUserSchema = z.object({ username: z.string() });
export type ActiveUser = z.infer<typeof ActiveUserSchema>;

/** GET /api/admin/users: an account as admins see it (never its email or password hash). */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: RoleSchema,
  created_at: z.number().int(),
  last_seen_at: z.number().int().nullable(),
  /** May go on air from a source client (PUT /api/admin/users/{id}/dj). */
  dj: z.boolean(),
  /** The DJ may go on air at any time, not only in their scheduled shows. */
  anytime: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserListSchema = z.object({ users: z.array(AdminUserSchema) });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;
/** Newest accounts first; `search` matches part of the username, case-insensitively. */
export const AdminUserQuerySchema = idPageQuery(50, 200).extend({
  search: z
    .string()
    .trim()
    .max(LIMITS.usernameMax, `search must be at most ${LIMITS.usernameMax} characters`)
    .optional(),
});

/** PUT /api/admin/users/{id}/role. */
export const RoleBodySchema = z.object({
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}.` }),
});
export type RoleBody = z.infer<typeof RoleBodySchema>;
