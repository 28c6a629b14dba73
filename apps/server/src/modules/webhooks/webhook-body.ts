import crypto from 'node:crypto';
import type { WebhookFormat } from '@queuecast/contract';

/** An event as every webhook is told it: its data, and one line for chat formats. */
export interface WebhookMessage {
  event: string;
  data: Record<string, unknown>;
  /** A line a person reads, such as `Now playing: Artist - Title`. */
  text: string;
}

/** Discord refuses a message longer than this. */
const DISCORD_MAX = 2000;

/**
 * The body sent for `message` in `format`. JSON: the event, the delivery's id, when it
 * happened, the station and the data. Discord: the line as the station's message, with every
 * mention turned off (a song title cannot ping a server's members).
 */
export function renderBody(
  format: WebhookFormat,
  message: WebhookMessage,
  delivery: string,
  station: string,
  at: number,
): string {
  if (format === 'discord') {
    const content =
      message.text.length > DISCORD_MAX
        ? `${message.text.slice(0, DISCORD_MAX - 1)}…`
        : message.text;
    return JSON.stringify({ username: station, content, allowed_mentions: { parse: [] } });
  }
  return JSON.stringify({
    event: message.event,
    delivery,
    created_at: at,
    station: { name: station },
    data: message.data,
  });
}

/**
 * `X-Queuecast-Signature`: `sha256=` and the hex HMAC-SHA256, keyed with the webhook's secret,
 * of `<timestamp>.<body>`, so that a receiver can refuse an old body sent again.
 */
export function signature(secret: string, timestamp: number, body: string): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `sha256=${mac}`;
}

/** The headers of one try: what the body is, which delivery, when signed, and the signature. */
export function deliveryHeaders(
  secret: string,
  event: string,
  delivery: string,
  body: string,
  timestamp: number,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Queuecast-Webhook/1',
    'x-queuecast-event': event,
    'x-queuecast-delivery': delivery,
    'x-queuecast-timestamp': String(timestamp),
    'x-queuecast-signature': signature(secret, timestamp, body),
  };
}

export const newSecret = () => `whsec_${crypto.randomBytes(24).toString('base64url')}`;
export const newDeliveryId = () => crypto.randomUUID();
