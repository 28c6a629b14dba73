import type { Webhook } from '@queuecast/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useRemoveWebhook, useSaveWebhook, useTestWebhook } from '../api/webhooks';
import { EVENT_TITLES, FORMAT_TITLES } from '../webhook-events';
import { DeliveryLog } from './delivery-log';
import { WebhookForm } from './webhook-form';
import styles from '../admin-webhooks.module.css';

/**
 * One webhook: where it points, in what format, for which events; its signing secret on demand;
 * a test, a change, its removal (asked twice); and its delivery log, read while open.
 */
export function WebhookItem({ hook }: { hook: Webhook }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
  const test = useTestWebhook();
  if (editing) {
    return (
      <li className={styles.item}>
        <WebhookForm
          start={hook}
          busy={save.isPending}
          submitLabel="Save"
          onCancel={() => setEditing(false)}
          onSubmit={(input) =>
            save.mutate(
              { id: hook.id, ...input },
              {
                onSuccess: () => {
                  notify.success('Webhook saved');
                  setEditing(false);
                },
                onError: (err) => notify.error(errorText(err, 'Failed to save the webhook')),
              },
            )
          }
        />
      </li>
    );
  }
  return (
    <li className={styles.item} aria-label={`Webhook ${hook.url}`}>
      <p className={styles.url}>
        {hook.url}
        {!hook.enabled && <span className={styles.off}> (off)</span>}
      </p>
      <p className="muted">
        {FORMAT_TITLES[hook.format]} · {hook.events.map((e) => EVENT_TITLES[e]).join(', ')}
      </p>
      <details className={styles.secret}>
        <summary>Signing secret</summary>
        <code>{hook.secret}</code>
      </details>
      <div className={styles.actions}>
        <Button
          size="sm"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(hook.id, {
              onSuccess: () => {
                notify.success('Test event sent');
                setLogOpen(true);
              },
              onError: (err) => notify.error(errorText(err, 'Failed to send the test event')),
            })
          }
        >
          Send test
        </Button>
        <Button size="sm" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button
          size="sm"
          variant={confirming ? 'danger' : 'default'}
          disabled={remove.isPending}
          onClick={() => {
            if (!confirming) return setConfirming(true);
            remove.mutate(hook.id, {
              onSuccess: () => notify.success('Webhook removed'),
              onError: (err) => {
                setConfirming(false);
                notify.error(errorText(err, 'Failed to remove the webhook'));
              },
            });
          }}
        >
          {confirming ? 'Really remove?' : 'Remove'}
        </Button>
      </div>
      <details open={logOpen} onToggle={(e) => setLogOpen(e.currentTarget.open)}>
        <summary>Delivery log</summary>
        {logOpen && <DeliveryLog id={hook.id} />}
      </details>
    </li>
  );
}
