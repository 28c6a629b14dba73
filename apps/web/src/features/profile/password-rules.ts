import { LIMITS } from '@queuecast/contract';

/** The change-password form's checks before anything is sent. */
export function validatePasswordChange(f: { current: string; next: string; confirm: string }) {
  if (f.next !== f.confirm) return "New passwords don't match";
  if (f.next.length < LIMITS.passwordMin) return 'New password must be at least 4 characters long';
  if (!f.current) return 'Please enter your current password.';
  return null;
}
