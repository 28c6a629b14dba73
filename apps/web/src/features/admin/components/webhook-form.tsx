import type { Webhook, WebhookEvent, WebhookFormat, WebhookInput } from '@queuecast/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EVENTS, EVENT_TITLES, FORMATS, FORMAT_TITLES } from '../webhook-events';
import styles from '../admin-webhooks.module.css';

/**
 * A webhook's URL, format and events (and, for one already registered, whether it is on).
 * Says what is missing before sending; the server's refusals come back as toasts.
 */
export function WebhookForm({
  start,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  start?: Webhook;
  busy: boolean;
  submitLabel: string;
  onSubmit: (input: WebhookInput, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(start?.url ?? '');
  const [format, setFormat] = useState<WebhookFormat>(start?.format ?? 'json');
  const [events, setEvents] = useState<WebhookEvent[]>(start?.events ?? ['track.started']);
  const [enabled, setEnabled] = useState(start?.enabled ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = () => {
    setUrl('');
    setFormat('json');
    setEvents(['track.started']);
    setEnabled(true);
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)));
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = url.trim();
        const wrong = !/^https?:\/\/\S+$/i.test(trimmed)
          ? 'Enter a URL starting with http:// or https://'
          : events.length === 0
            ? 'Choose at least one event'
            : null;
        setProblem(wrong);
        if (wrong) return;
        onSubmit(
          { url: trimmed, format, events: EVENTS.filter((ev) => events.includes(ev)), enabled },
          reset,
        );
      }}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-url`}>URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://example.com/hooks/radio"
          aria-invalid={problem?.startsWith('Enter') ? true : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-format`}>Format</label>
        <select
          id={`${id}-format`}
          value={format}
          onChange={(e) => setFormat(e.target.value as WebhookFormat)}
        >
          {FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_TITLES[f]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.events}>
        <legend>Events</legend>
        {EVENTS.map((event) => (
          <label key={event}>
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />{' '}
            {EVENT_TITLES[event]}
          </label>
        ))}
      </fieldset>
      {start && (
        <label>
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
          On
        </label>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
