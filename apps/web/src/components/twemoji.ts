/**
 * The emoji set every system shows alike: Twemoji (the maintained fork's SVGs, npm
 * `@twemoji/svg`), one small SVG per emoji, copied by the build into `TWEMOJI_BASE` (see
 * vite-twemoji.ts, which refuses to build with another version installed). An image is fetched
 * only when an emoji is shown, so none of the set is in the first load. The version is in the
 * path because files under /assets/ are cached for a year.
 */
export const TWEMOJI_VERSION = '15.0.0';
export const TWEMOJI_BASE = `/assets/twemoji-${TWEMOJI_VERSION}/`;

/**
 * One emoji as written: a pictograph with its variation selector or skin tone, joined to more
 * by U+200D (👩‍💻), or a pair of regional indicators (a flag). A source, not a RegExp, so each
 * user makes the one it needs (flags `u`, `gu`).
 */
export const EMOJI_SOURCE = String.raw`(?:\p{Regional_Indicator}{2}|\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?(?:\u200D\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)*)`;

/**
 * Twemoji's file name for an emoji: its code points in hex joined by '-', with U+FE0F left out
 * unless the sequence is joined by U+200D (Twemoji's own rule).
 */
export function twemojiName(emoji: string): string {
  const text = emoji.includes('\u200D') ? emoji : emoji.replace(/\uFE0F/g, '');
  return [...text].map((c) => c.codePointAt(0)!.toString(16)).join('-');
}

export const twemojiSrc = (emoji: string): string => `${TWEMOJI_BASE}${twemojiName(emoji)}.svg`;

/** A text cut into its plain parts and its emoji, in order. */
export type EmojiPart = { emoji: false; text: string } | { emoji: true; text: string };

export function splitEmoji(text: string): EmojiPart[] {
  const parts: EmojiPart[] = [];
  let at = 0;
  for (const match of text.matchAll(new RegExp(EMOJI_SOURCE, 'gu'))) {
    if (match.index > at) parts.push({ emoji: false, text: text.slice(at, match.index) });
    parts.push({ emoji: true, text: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ emoji: false, text: text.slice(at) });
  return parts;
}
