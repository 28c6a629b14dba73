import { LIMITS } from '@queuecast/contract';

/** The sign-up form's checks before anything is sent, in the order a person fixes them. */
export function validateSignup(f: { username: string; password: string; repeat: string }) {
  if (!f.username.trim() || !f.password) return 'Username and password are required.';
  if (f.username.trim().length < LIMITS.usernameMin)
    return 'Username must be at least 3 characters.';
  if (f.password !== f.repeat) return "Passwords don't match.";
  return null;
}
