import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDED_GRACE_MS, SessionEndings } from './session-endings';

/** A session store reduced to what the rules read: who is signed in, with which version. */
function setup(userId = 7, tokenVersion = 1) {
  let current: { userId: number; tokenVersion: number } | null = { userId, tokenVersion };
  const signOut = vi.fn(() => {
    current = null;
    endings.check();
  });
  const endings = new SessionEndings({ current: () => current, signOut });
  const tell = vi.fn();
  /** A new token is adopted (this page's renewal, or another tab's stored token). */
  const adopt = (next: typeof current) => {
    current = next;
    endings.check();
  };
  return { endings, signOut, tell, adopt };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SessionEndings', () => {
  it('signs out and tells why once the grace passes with no newer token', () => {
    const { endings, signOut, tell } = setup();
    endings.ended(2, tell);
    vi.advanceTimersByTime(ENDED_GRACE_MS - 1);
    expect(signOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(signOut).toHaveBeenCalledOnce();
    expect(tell).toHaveBeenCalledOnce();
  });

  it('ignores an ending of tokens older than the one held', () => {
    const { endings, signOut, tell } = setup(7, 3);
    endings.ended(3, tell);
    endings.ended(2, tell);
    vi.runAllTimers();
    expect(signOut).not.toHaveBeenCalled();
    expect(tell).not.toHaveBeenCalled();
  });

  it("waits for this page's own renewal, told of the ending before its answer came", async () => {
    const { endings, signOut, tell, adopt } = setup();
    let answer: (token: string) => void = () => undefined;
    const renewal = endings.renew(async () => {
      const token = await new Promise<string>((resolve) => (answer = resolve));
      adopt({ userId: 7, tokenVersion: 2 });
      return token;
    });
    endings.ended(2, tell);
    // The server is slow to answer: the grace passes first.
    vi.advanceTimersByTime(ENDED_GRACE_MS * 4);
    expect(endings.renewing).toBe(true);
    expect(signOut).not.toHaveBeenCalled();
    answer('fresh');
    await expect(renewal).resolves.toBe('fresh');
    vi.runAllTimers();
    expect(signOut).not.toHaveBeenCalled();
    expect(tell).not.toHaveBeenCalled();
  });

  it('signs out after a renewal that failed (the sessions were ended by someone else)', async () => {
    const { endings, signOut, tell } = setup();
    const renewal = endings.renew(() =>
      Promise.reject(new Error('Current password is incorrect.')),
    );
    endings.ended(2, tell);
    await expect(renewal).rejects.toThrow('incorrect');
    expect(signOut).not.toHaveBeenCalled(); // the grace still runs
    vi.advanceTimersByTime(ENDED_GRACE_MS);
    expect(signOut).toHaveBeenCalledOnce();
    expect(tell).toHaveBeenCalledOnce();
  });

  it("keeps the page signed in when another tab's new token arrives within the grace", () => {
    const { endings, signOut, tell, adopt } = setup();
    endings.ended(2, tell);
    vi.advanceTimersByTime(ENDED_GRACE_MS / 2);
    adopt({ userId: 7, tokenVersion: 2 });
    vi.runAllTimers();
    expect(signOut).not.toHaveBeenCalled();
    expect(tell).not.toHaveBeenCalled();
  });

  it('says nothing when the page signed out or changed user meanwhile', () => {
    const { endings, signOut, tell, adopt } = setup();
    endings.ended(2, tell);
    adopt({ userId: 8, tokenVersion: 1 });
    vi.runAllTimers();
    adopt(null);
    endings.ended(5, tell);
    vi.runAllTimers();
    expect(signOut).not.toHaveBeenCalled();
    expect(tell).not.toHaveBeenCalled();
  });
});
