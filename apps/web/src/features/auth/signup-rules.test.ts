import { describe, expect, it } from 'vitest';
import { validateSignup } from './signup-rules';

describe('sign-up form rules', () => {
  it('asks for a long enough username and matching passwords', () => {
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
});
