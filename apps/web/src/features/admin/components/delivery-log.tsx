import type { WebhookDelivery } from '@queuecast/contract';
import { QueryView } from '../../../components/query-view';
import { formatDateTime, isoTime } from '../../../lib/format';
import { useDeliveries } from '../api/webhooks';
import { outcomeText } from '../webhook-events';
import styles from '../admin-webhooks.module.css';

/** The latest 50 deliveries of a webhook, newest first: when, what, the outcome, how long. */
export function DeliveryLog({ id }: { id: number }) {
  const log = useDeliveries(id);
  return (
    <QueryView
      query={log}
      failedToast="Failed to load the delivery log"
      failed="The log could not be loaded."
      isEmpty={(data) => data.deliveries.length === 0}
      empty="Nothing sent yet."
    >
      {(data) => <Deliveries rows={data.deliveries} />}
    </QueryView>
  );
}

function Deliveries({ rows }: { rows: WebhookDelivery[] }) {
  return (
    <table className={styles.log}>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Event</th>
          <th scope="col">Outcome</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.id} data-state={d.state}>
            <td data-label="When">
              <time dateTime={isoTime(d.tried_at ?? d.created_at)}>
                {formatDateTime(d.tried_at ?? d.created_at)}
              </time>
            </td>
            <td data-label="Event">{d.event}</td>
            <td data-label="Outcome" className={d.state === 'failed' ? styles.failed : undefined}>
              {outcomeText(d)}
            </td>
            <td data-label="Time">{d.response_ms === null ? '–' : `${d.response_ms} ms`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
