import { LIMITS } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import {
  banMinutesOf,
  canDedicate,
  canEndShow,
  endedText,
  liveTitleText,
  NO_TITLE_TEXT,
} from './live-show-text';

describe('live show texts and rules', () => {
  it("shows the DJ's title, or that none came yet", () => {
    expect(liveTitleText('Track One')).toBe('Track One');
    expect(liveTitleText(null)).toBe(NO_TITLE_TEXT);
    expect(liveTitleText('  ')).toBe(NO_TITLE_TEXT);
  });

  it('lets moderators and admins end a show, nobody else', () => {
    expect(canEndShow('moderator')).toBe(true);
    expect(canEndShow('admin')).toBe(true);
    expect(canEndShow('helper')).toBe(false);
    expect(canEndShow('user')).toBe(false);
    expect(canEndShow(undefined)).toBe(false);
  });

  it('lets signed-in listeners other than the DJ send dedications', () => {
    expect(canDedicate('ann', 'deejay')).toBe(true);
    expect(canDedicate('deejay', 'deejay')).toBe(false);
    expect(canDedicate(undefined, 'deejay')).toBe(false);
  });

  it('reads the ban as whole minutes within the limit', () => {
    expect(banMinutesOf('')).toBe(0);
    expect(banMinutesOf(' 30 ')).toBe(30);
    expect(banMinutesOf(String(LIMITS.liveBanMinutesMax))).toBe(LIMITS.liveBanMinutesMax);
    expect(banMinutesOf(String(LIMITS.liveBanMinutesMax + 1))).toBeNull();
    expect(banMinutesOf('1.5')).toBeNull();
    expect(banMinutesOf('-3')).toBeNull();
    expect(banMinutesOf('soon')).toBeNull();
  });

  it('tells staff the show ended, and for how long its DJ is banned', () => {
    expect(endedText({ dj: 'deejay', banned_until: null }, 0)).toBe(
      'The show of deejay has ended.',
    );
    expect(endedText({ dj: 'deejay', banned_until: 1000 }, 1)).toBe(
      'The show of deejay has ended. They may go live again in 1 minute.',
    );
    expect(endedText({ dj: 'deejay', banned_until: 1000 }, 45)).toBe(
      'The show of deejay has ended. They may go live again in 45 minutes.',
    );
  });
});
