import { describe, expect, it } from 'vitest';
import { chatAge, parseChatText } from './chat-text';

const ORIGIN = 'https://radio.example';
const parse = (message: string) => parseChatText(message, ORIGIN);

describe('parseChatText', () => {
  it('keeps plain text as one token', () => {
    expect(parse('hello there')).toEqual({
      action: false,
      tokens: [{ type: 'text', text: 'hello there' }],
    });
  });

  it('detects /me and removes the prefix', () => {
    expect(parse('/me dances')).toEqual({
      action: true,
      tokens: [{ type: 'text', text: 'dances' }],
    });
    expect(parse('/medances').action).toBe(false);
    expect(parse(' /me dances').action).toBe(false);
  });

  it('makes external http(s) links, leaving trailing punctuation as text', () => {
    expect(parse('see https://example.com/a?b=1. ok').tokens).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1' },
      { type: 'text', text: '. ok' },
    ]);
    expect(parse('http://x.org').tokens).toEqual([
      { type: 'link', href: 'http://x.org/', text: 'http://x.org' },
    ]);
  });

  it('makes our own artist and song pages in-app links, absolute or relative', () => {
    expect(parse(`${ORIGIN}/song/12 and /artist/7!`).tokens).toEqual([
      { type: 'page', kind: 'song', id: 12 },
      { type: 'text', text: ' and ' },
      { type: 'page', kind: 'artist', id: 7 },
      { type: 'text', text: '!' },
    ]);
    expect(parse(`${ORIGIN}/song/12/`).tokens).toEqual([{ type: 'page', kind: 'song', id: 12 }]);
  });

  it('treats other pages and other sites as external links', () => {
    expect(parse(`${ORIGIN}/tags/x`).tokens[0]).toMatchObject({ type: 'link' });
    expect(parse('https://other.example/song/12').tokens[0]).toMatchObject({ type: 'link' });
    expect(parse('http://radio.example/song/12').tokens[0]).toMatchObject({ type: 'link' });
  });

  it('leaves relative paths inside words or other paths as text', () => {
    expect(parse('a/song/12').tokens).toEqual([{ type: 'text', text: 'a/song/12' }]);
    expect(parse('/song/12x /song/abc').tokens).toEqual([
      { type: 'text', text: '/song/12x /song/abc' },
    ]);
  });

  it('keeps javascript:, data: and markup as text', () => {
    for (const message of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
    ]) {
      expect(parse(message).tokens).toEqual([{ type: 'text', text: message }]);
    }
  });

  it('finds custom emoji codes and Unicode emoji', () => {
    expect(parse('hi :troll: :nope: 👍🏽❤️!').tokens).toEqual([
      { type: 'text', text: 'hi ' },
      { type: 'emoji', name: 'troll' },
      { type: 'text', text: ' :nope: ' },
      { type: 'unicode-emoji', text: '👍🏽' },
      { type: 'unicode-emoji', text: '❤️' },
      { type: 'text', text: '!' },
    ]);
  });
});

describe('chatAge', () => {
  it("is 'now' under 60 seconds, then minutes", () => {
    expect(chatAge(1000, 1000)).toBe('now');
    expect(chatAge(1000, 1059.9)).toBe('now');
    expect(chatAge(1000, 1060)).toBe('1 min');
    expect(chatAge(1000, 1000 + 60 * 125)).toBe('125 min');
    expect(chatAge(1000, 990)).toBe('now');
  });
});
