import {
  API,
  ErrorSchema,
  IdParamSchema,
  OkSchema,
  WebhookDeliveriesSchema,
  WebhookDeliverySchema,
  WebhookInputSchema,
  WebhookListSchema,
  WebhookSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { WebhooksService } from './webhooks.service.js';

const REFUSALS = { 401: ErrorSchema, 403: ErrorSchema };

export function webhooksRoutes(deps: {
  webhooks: WebhooksService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { webhooks, guards } = deps;
  const admin = guards.requireRole('admin');
  const doc = (summary: string) => ({
    tags: ['webhooks'],
    summary: `${summary} (admin)`,
    security: [{ bearer: [] }],
  });
  return async (app) => {
    app.get(
      API.webhooks.pattern,
      {
        preHandler: admin,
        schema: {
          ...doc('The webhooks, with their secrets'),
          response: { 200: WebhookListSchema, ...REFUSALS },
        },
      },
      () => webhooks.list(),
    );
    app.post(
      API.webhooks.pattern,
      {
        preHandler: admin,
        schema: {
          ...doc('Registers a webhook: its URL, format and events'),
          body: WebhookInputSchema,
          response: { 201: WebhookSchema, 400: ErrorSchema, 409: ErrorSchema, ...REFUSALS },
        },
      },
      async (req, reply) => reply.code(201).send(await webhooks.create(req.body, req.headers.host)),
    );
    app.put(
      API.webhook.pattern,
      {
        preHandler: admin,
        schema: {
          ...doc('Changes a webhook'),
          params: IdParamSchema,
          body: WebhookInputSchema,
          response: { 200: WebhookSchema, 400: ErrorSchema, 404: ErrorSchema, ...REFUSALS },
        },
      },
      (req) => webhooks.update(req.params.id, req.body, req.headers.host),
    );
    app.delete(
      API.webhook.pattern,
      {
        preHandler: admin,
        schema: {
          ...doc('Removes a webhook and its delivery log'),
          params: IdParamSchema,
          response: { 200: OkSchema, 400: ErrorSchema, 404: ErrorSchema, ...REFUSALS },
        },
      },
      async (req) => {
        await webhooks.remove(req.params.id);
        return { success: true as const };
      },
    );
    app.get(
      API.webhookDeliveries.pattern,
      {
        preHandler: admin,
        schema: {
          ...doc('The latest 50 deliveries of a webhook, newest first'),
          params: IdParamSchema,
          response: {
            200: WebhookDeliveriesSchema,
            400: ErrorSchema,
            404: ErrorSchema,
            ...REFUSALS,
          },
        },
      },
      (req) => webhooks.deliveries(req.params.id),
    );
    app.post(
      API.webhookTest.pattern,
      {
        preHandler: admin,
        schema: {
          ...doc('Sends a test event to a webhook'),
          params: IdParamSchema,
          response: { 202: WebhookDeliverySchema, 400: ErrorSchema, 404: ErrorSchema, ...REFUSALS },
        },
      },
      async (req, reply) => reply.code(202).send(await webhooks.test(req.params.id)),
    );
  };
}
