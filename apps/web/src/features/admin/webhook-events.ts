import type { WebhookEvent, WebhookFormat } from '@queuecast/contract';

// The contract's lists, copied so that this page's chunk does not take in its schemas; a test
// checks that they stay equal.
export const EVENTS: readonly WebhookEvent[] = [
  'track.started',
  'request.on_air',
  'show.started',
  'show.ended',
  'song.added',
];
export const FORMATS: readonly WebhookFormat[] = ['json', 'discord'];
export const MAX_HOOKS = 20;

export const EVENT_TITLES: Record<WebhookEvent, string> = {
  'track.started': 'Track on air',
  'request.on_air': 'Request on air',
  'show.started': 'Live show starts',
  'show.ended': 'Live show ends',
  'song.added': 'Song added',
};

export const FORMAT_TITLES: Record<WebhookFormat, string> = {
  json: 'JSON (signed)',
  discord: 'Discord message',
};

/** A delivery's outcome in words: `Delivered (204)`, `Failed: No answer within 10 s`. */
export function outcomeText(d: {
  state: 'pending' | 'delivered' | 'failed';
  status: number | null;
  error: string | null;
  attempts: number;
}): string {
  if (d.state === 'delivered') return `Delivered (${d.status})`;
  if (d.state === 'failed') return `Failed after ${d.attempts} tries: ${d.error ?? 'no answer'}`;
  if (d.attempts === 0) return 'Waiting';
  return `Retrying (try ${d.attempts} failed: ${d.error ?? 'no answer'})`;
}
