import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArtistLinks } from './artist-links';
import { CommentItem } from './comment-item';

// A right-to-left override in someone's name must not turn the text after it around: each
// piece of user text is its own bidirectional island (dir="auto" isolates it).
const OVERRIDE = '\u202e';

describe('user text is isolated from the text around it', () => {
  it("a comment's author and text", () => {
    const html = renderToStaticMarkup(
      createElement(CommentItem, {
        username: `mallory${OVERRIDE}`,
        createdAt: 0,
        comment: `${OVERRIDE}reversed`,
      }),
    );
    expect(html).toContain(`<strong dir="auto">mallory${OVERRIDE}</strong>`);
    expect(html).toContain(`<p class="comment-text" dir="auto">${OVERRIDE}reversed</p>`);
  });

  it('each artist name', () => {
    const html = renderToStaticMarkup(
      createElement(ArtistLinks, {
        song: { artists: { 1: `A${OVERRIDE}`, 2: 'B' }, artist: null },
        plain: true,
      }),
    );
    expect(html).toBe(
      `<a href="/artist/1" dir="auto">A${OVERRIDE}</a>, <a href="/artist/2" dir="auto">B</a>`,
    );
  });
});
