import { EMOJI_SOURCE } from '../../components/twemoji';
import { CUSTOM_EMOJI, type CustomEmoji } from './emoji';

/** One piece of a chat message; the renderer turns each into text, a link or an image. */
export type ChatToken =
  | { type: 'text'; text: string }
  /** An http(s) link elsewhere: opens in a new tab. */
  | { type: 'link'; href: string; text: string }
  /** Our own artist or song page: an in-app link labelled with its name. */
  | { type: 'page'; kind: 'artist' | 'song'; id: number }
  | { type: 'emoji'; name: CustomEmoji }
  | { type: 'unicode-emoji'; text: string };

export interface ChatText {
  /** A '/me ' line: shown as an action of the author, the prefix removed. */
  action: boolean;
  tokens: ChatToken[];
}

const ME = '/me ';

/**
 * Absolute http(s) URLs; a relative /artist/{id} or /song/{id} at the start of a word; a
 * custom `:code:`; a Unicode emoji (with its variation selectors and joined parts, or a flag). Anything
 * else, including other schemes such as javascript: or data:, stays text.
 */
const PATTERN = new RegExp(
  [
    String.raw`(https?:\/\/[^\s<>"]+)`,
    String.raw`(?<![^\s(])(\/(?:artist|song)\/\d+)(?![\w/.-]*\w)`,
    `:(${CUSTOM_EMOJI.join('|')}):`,
    `(${EMOJI_SOURCE})`,
  ].join('|'),
  'gu',
);

/** Sentence punctuation after a URL belongs to the sentence, not the link. */
const TRAILING = /[.,;:!?'")\]]+$/;

const PAGE_PATH = /^\/(artist|song)\/(\d+)\/?$/;

export function parseChatText(message: string, origin: string): ChatText {
  const action = message.startsWith(ME);
  const body = action ? message.slice(ME.length) : message;
  const tokens: ChatToken[] = [];
  const text = (t: string) => {
    if (!t) return;
    const last = tokens.at(-1);
    if (last?.type === 'text') last.text += t;
    else tokens.push({ type: 'text', text: t });
  };
  let at = 0;
  for (const match of body.matchAll(PATTERN)) {
    const [whole, url, path, emoji, unicode] = match;
    text(body.slice(at, match.index));
    at = match.index + whole.length;
    if (url !== undefined) {
      const trail = TRAILING.exec(url)?.[0] ?? '';
      const raw = url.slice(0, url.length - trail.length);
      at -= trail.length;
      const token = linkToken(raw, origin);
      if (token) tokens.push(token);
      else text(raw);
    } else if (path !== undefined) {
      tokens.push(pageToken(path) ?? { type: 'text', text: path });
    } else if (emoji !== undefined) {
      tokens.push({ type: 'emoji', name: emoji as CustomEmoji });
    } else if (unicode !== undefined) {
      tokens.push({ type: 'unicode-emoji', text: unicode });
    }
  }
  text(body.slice(at));
  return { action, tokens };
}

function linkToken(raw: string, origin: string): ChatToken | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === origin && !url.search && !url.hash) {
    const page = pageToken(url.pathname);
    if (page) return page;
  }
  return { type: 'link', href: url.href, text: raw };
}

function pageToken(path: string): ChatToken | null {
  const m = PAGE_PATH.exec(path);
  if (!m) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { type: 'page', kind: m[1] as 'artist' | 'song', id };
}

/** A message's age: 'now' under a minute, then whole minutes. */
export function chatAge(timestamp: number, nowSeconds: number): string {
  const seconds = nowSeconds - timestamp;
  if (seconds < 60) return 'now';
  return `${Math.floor(seconds / 60)} min`;
}
