import { describe, expect, it } from 'vitest';
import { badgeText } from '../inbox/badge-text';
import { validatePasswordChange } from '../profile/password-rules';
import { validateSignup } from './signup-rules';

describe('client-side form rules (spec §5)', () => {
  it('sign-up', () => {
    expect(validateSignup({ username: 'ab', password: 'x', repeat: 'x' })).toBe(
      'Username must be at least 3 characters.',
    );
    expect(validateSignup({ username: 'abc', password: 'x', repeat: 'y' })).toBe(
      "Passwords don't match.",
    );
    expect(validateSignup({ username: '', password: '', repeat: '' })).toBe(
      'Username and password are required.',
    );
    expect(validateSignup({ username: 'abc', password: 'x', repeat: 'x' })).toBeNull();
  });

  it('change password', () => {
    expect(validatePasswordChange({ current: 'a', next: 'abcd', confirm: 'abce' })).toBe(
      "New passwords don't match",
    );
    expect(validatePasswordChange({ current: 'a', next: 'abc', confirm: 'abc' })).toBe(
      'New password must be at least 4 characters long',
    );
    expect(validatePasswordChange({ current: 'a', next: 'abcd', confirm: 'abcd' })).toBeNull();
  });

  it('unread badge shows 9+ above 9', () => {
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});
