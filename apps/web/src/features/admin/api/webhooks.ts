import {
  API,
  type Webhook,
  type WebhookDeliveries,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookList,
} from '@queuecast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const listKey = ['admin', 'webhooks'] as const;
const deliveriesKey = (id: number) => ['admin', 'webhooks', id, 'deliveries'] as const;

export const useWebhooks = () =>
  useQuery({ queryKey: listKey, queryFn: () => api<WebhookList>(API.webhooks.path()) });

/** The delivery log of one webhook, read again every 5 s while shown. */
export const useDeliveries = (id: number) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => api<WebhookDeliveries>(API.webhookDeliveries.path({ id })),
    refetchInterval: 5000,
  });

/**
 * A change to the list, read again after it; not waited for, so that the caller's own
 * callbacks run while the changed webhook's row is still there (a removed one goes with it).
 */
function useListChange<T>(fn: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export const useAddWebhook = () =>
  useListChange((body: WebhookInput) =>
    api<Webhook>(API.webhooks.path(), { method: 'POST', body }),
  );

export const useSaveWebhook = () =>
  useListChange(({ id, ...body }: WebhookInput & { id: number }) =>
    api<Webhook>(API.webhook.path({ id }), { method: 'PUT', body }),
  );

export const useRemoveWebhook = () =>
  useListChange((id: number) => api(API.webhook.path({ id }), { method: 'DELETE' }));

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<WebhookDelivery>(API.webhookTest.path({ id }), { method: 'POST' }),
    onSuccess: (_d, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
