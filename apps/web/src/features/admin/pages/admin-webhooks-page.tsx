import { RoleGate } from '../../../components/role-gate';
import { QueryView } from '../../../components/query-view';
import { errorText } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useAddWebhook, useWebhooks } from '../api/webhooks';
import { WebhookForm } from '../components/webhook-form';
import { WebhookItem } from '../components/webhook-item';
import { MAX_HOOKS } from '../webhook-events';
import styles from '../admin-webhooks.module.css';

export default function AdminWebhooksPage() {
  useDocumentTitle('Webhooks');
  const session = useSession();
  return (
    <RoleGate allowed={session?.user.role === 'admin'}>
      <Webhooks />
    </RoleGate>
  );
}

/** Admins: the webhooks, a form to add one, and each one's delivery log. */
function Webhooks() {
  const hooks = useWebhooks();
  const add = useAddWebhook();
  const list = hooks.data?.webhooks ?? [];
  return (
    <section className={styles.page}>
      <h1>Webhooks</h1>
      <p className="muted">
        The station calls these URLs when something happens on air, with a JSON body signed in the{' '}
        <code>X-Queuecast-Signature</code> header (<code>sha256=</code> and the HMAC-SHA256 of the{' '}
        <code>X-Queuecast-Timestamp</code> header, a dot and the body, keyed with the webhook’s
        secret), or as a Discord message. A call that fails is tried again, six times over two and a
        half hours.
      </p>
      <h2>Add a webhook</h2>
      {list.length >= MAX_HOOKS ? (
        <p className="muted">The station has {MAX_HOOKS} webhooks, as many as it may have.</p>
      ) : (
        <WebhookForm
          busy={add.isPending}
          submitLabel="Add webhook"
          onSubmit={(input, reset) =>
            add.mutate(input, {
              onSuccess: () => {
                notify.success('Webhook added');
                reset();
              },
              onError: (err) => notify.error(errorText(err, 'Failed to add the webhook')),
            })
          }
        />
      )}
      <h2>Registered</h2>
      <QueryView
        query={hooks}
        failedToast="Failed to load webhooks"
        failed="The webhooks could not be loaded."
        isEmpty={(data) => data.webhooks.length === 0}
        empty="No webhooks yet."
      >
        {(data) => (
          <ul className={styles.list}>
            {data.webhooks.map((hook) => (
              <WebhookItem key={hook.id} hook={hook} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
