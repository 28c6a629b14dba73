import { z } from 'zod';

/** What a webhook may be told of. */
export const WEBHOOK_EVENTS = [
  'track.started',
  'request.on_air',
  'show.started',
  'show.ended',
  'song.added',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `json`: the signed body below; `discord`: a Discord webhook message (also signed). */
export const WEBHOOK_FORMATS = ['json', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** At most this many webhooks per station. */
export const MAX_WEBHOOKS = 20;
/** The delivery log shows this many, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
export const WEBHOOK_URL_MAX = 2000;

/** One registered webhook, as its admin sees it (with the secret that signs its bodies). */
export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** The HMAC-SHA256 key of `X-Queuecast-Signature`. */
  secret: z.string(),
  /** Epoch seconds. */
  created_at: z.number(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });
export type WebhookList = z.infer<typeof WebhookListSchema>;

/** POST /api/admin/webhooks, and PUT /api/admin/webhooks/:id (every field). */
export const WebhookInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL to call')
    .max(WEBHOOK_URL_MAX, `The URL may have at most ${WEBHOOK_URL_MAX} characters`),
  format: z.enum(WEBHOOK_FORMATS).default('json'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event')
    .transform((list) => [...new Set(list)]),
  enabled: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof WebhookInputSchema>;

/** One attempt to deliver an event, and what came of it. */
export const WebhookDeliverySchema = z.object({
  /** The delivery's id, sent as `X-Queuecast-Delivery` (the same on every retry). */
  id: z.string(),
  event: z.string(),
  /** `pending`: waiting for its next try; `delivered`: answered 2xx; `failed`: out of tries. */
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The last answer's HTTP status; null: none came (refused, timed out). */
  status: z.number().int().nullable(),
  /** How long the last try took, milliseconds; null before the first. */
  response_ms: z.number().int().nullable(),
  /** Why the last try failed; null when it did not. */
  error: z.string().nullable(),
  /** Epoch seconds: queued, last tried (null: not yet), next try (null: no more). */
  created_at: z.number(),
  tried_at: z.number().nullable(),
  next_at: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
});
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>;
