import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ArtistLinks } from './artist-links';
import { CommentItem } from './comment-item';

// A right-to-left override in someone's name must not turn the text after it around: each
// piece of user text is its own bidirectional island (dir="auto" isolates it).
const OVERRIDE = '\u202e';

describe('user text is isolated from the text around it', () => {
  it("a comment's author and text", () => {
    const html = renderToStaticMarkup(
      // A router for the author's link to their page.
      createElement(
        MemoryRouter,
        null,
        createElement(CommentItem, {
          username: `mallory${OVERRIDE}`,
          createdAt: 0,
          comment: `${OVERRIDE}reversed`,
        }),
      ),
    );
    // The name in an element of its own direction: <bdi>, or any element with dir="auto".
    expect(html).toMatch(new RegExp(`(<bdi>|dir="auto">)mallory${OVERRIDE}<`));
    // Its text in a paragraph of its own direction (the attributes in any order).
    expect(html).toMatch(
      new RegExp(
        `<p (?=[^>]*dir="auto")(?=[^>]*class="[^"]*comment-text)[^>]*>${OVERRIDE}reversed</p>`,
      ),
    );
  });

  it('each artist name', () => {
    const html = renderToStaticMarkup(
      createElement(ArtistLinks, {
        song: { artists: { 1: `A${OVERRIDE}`, 2: 'B' }, artist: null },
        plain: true,
      }),
    );
    expect(html).toBe(
      `<a href="/artist/1" dir="auto" title="A${OVERRIDE}">A${OVERRIDE}</a>, ` +
        `<a href="/artist/2" dir="auto" title="B">B</a>`,
    );
  });
});
