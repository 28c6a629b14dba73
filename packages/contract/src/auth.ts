import { z } from 'zod';
import { LIMITS } from './limits.js';
import { PasswordSchema, UserSchema, UsernameSchema } from './user.js';

export const LoginBodySchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required.')
    .max(LIMITS.usernameMax * 4),
  password: z.string().min(1, 'Password is required.').max(LIMITS.passwordMax),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({ token: z.string() });

export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const SignupBodySchema = z.object({
  username: UsernameSchema,
  email: z
    .union([
      z.literal(''),
      z.string().trim().max(LIMITS.emailMax).pipe(z.email('Please enter a valid email address.')),
    ])
    .nullish(),
  password: PasswordSchema,
  referralCode: z.string().trim().max(64).nullish(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const SignupResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required.').max(LIMITS.passwordMax),
  newPassword: z
    .string()
    .min(LIMITS.passwordMin, `New password must be at least ${LIMITS.passwordMin} characters long`)
    .max(LIMITS.passwordMax),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** A password change answers with a fresh token: older tokens stop working. */
export const ChangePasswordResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
});

export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

/**
 * POST /api/auth/logout-others: every token of the account stops working, on every device; the
 * fresh token answered keeps the calling session signed in.
 */
export const LogoutOthersResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
});

export type LogoutOthersResponse = z.infer<typeof LogoutOthersResponseSchema>;
