import { describe, expect, it } from 'vitest';
import { joinedText, roleName, songLine, stars } from './profile-text';

describe('profile text', () => {
  it('names every role for its badge', () => {
    expect(roleName('user')).toBe('Listener');
    expect(roleName('helper')).toBe('Helper');
    expect(roleName('moderator')).toBe('Moderator');
    expect(roleName('admin')).toBe('Admin');
  });

  it('says the day the account was made', () => {
    // Noon UTC, so every time zone agrees on the day.
    expect(joinedText(Date.UTC(2026, 2, 3, 12) / 1000, 'en-GB')).toBe('Joined 3 March 2026');
  });

  it('names a song by artist and title, or its title alone', () => {
    expect(songLine({ title: 'Axel F', artist: 'Harold' })).toBe('Harold – Axel F');
    expect(songLine({ title: 'Axel F', artist: null })).toBe('Axel F');
  });

  it('draws a vote as five stars', () => {
    expect(stars(4)).toBe('★★★★☆');
    expect(stars(1)).toBe('★☆☆☆☆');
    expect(stars(5)).toBe('★★★★★');
  });
});
