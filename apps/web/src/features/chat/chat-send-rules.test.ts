import { describe, expect, it } from 'vitest';
import { sendFailureText, sessionUsable } from './chat-send-rules';

describe('chat send rules', () => {
  it('needs a session whose token has not expired', () => {
    const session = (exp: number) => ({
      token: 't',
      user: { id: 1, username: 'ann', role: 'user', exp } as never,
    });
    expect(sessionUsable(null, 1000)).toBe(false);
    expect(sessionUsable(session(2), 1999)).toBe(true);
    expect(sessionUsable(session(2), 2000)).toBe(false);
  });

  it("toasts the server's text for 400, 403 and 429 only", () => {
    expect(
      sendFailureText({ kind: 'status', status: 429, message: 'Slow down', retryAfter: 3 }),
    ).toBe('Slow down');
    expect(sendFailureText({ kind: 'status', status: 400, message: 'Too long' })).toBe('Too long');
    expect(sendFailureText({ kind: 'status', status: 403, message: 'Muted until 16:05' })).toBe(
      'Muted until 16:05',
    );
    expect(sendFailureText({ kind: 'status', status: 400 })).toBeNull();
    expect(sendFailureText({ kind: 'status', status: 401, message: 'Log in' })).toBeNull();
    expect(sendFailureText({ kind: 'status', status: 500, message: 'boom' })).toBeNull();
    expect(sendFailureText({ kind: 'network' })).toBeNull();
  });
});
