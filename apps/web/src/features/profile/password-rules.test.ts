import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './password-rules';

describe('change-password form rules', () => {
  it('asks for matching passwords of at least 4 characters', () => {
    expect(validatePasswordChange({ current: 'a', next: 'abcd', confirm: 'abce' })).toBe(
      "New passwords don't match",
    );
    expect(validatePasswordChange({ current: 'a', next: 'abc', confirm: 'abc' })).toBe(
      'New password must be at least 4 characters long',
    );
    expect(validatePasswordChange({ current: 'a', next: 'abcd', confirm: 'abcd' })).toBeNull();
  });
});
