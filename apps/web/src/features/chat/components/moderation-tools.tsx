import type { ChatSettings } from '@queuecast/contract';
import { useId, useState, type FormEvent } from 'react';
import { Collapsible } from '../../../components/collapsible';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, isoTime } from '../../../lib/format';
import { useChatSettings } from '../api/get-chat-settings';
import { useModerationLog } from '../api/get-moderation-log';
import { useSaveChatSettings } from '../api/put-chat-settings';
import { formatWordFilter, logEntryText, readChatSettings } from '../moderation-rules';
import { cx } from '../../../components/ui/cx';
import styles from '../chat.module.css';
import { fieldClass, fieldErrorClass } from '../../../components/ui/field';

/**
 * Staff tools on the history page, loaded only for staff: chat settings (slow mode and the
 * word filter), and for admins the moderation log. Both sections start closed and fetch when
 * opened.
 */
export default function ModerationTools({ admin }: { admin: boolean }) {
  return (
    <div className={styles.chatModTools}>
      <Collapsible title="Chat settings">{() => <ChatSettingsSection />}</Collapsible>
      {admin && <Collapsible title="Moderation log">{() => <ModerationLogSection />}</Collapsible>}
    </div>
  );
}

function ChatSettingsSection() {
  const settings = useChatSettings();
  if (settings.isPending) return <p className="muted">Loading...</p>;
  if (settings.isError) {
    return (
      <p className={fieldErrorClass} role="alert">
        {errorText(settings.error, 'Could not load the chat settings.')}{' '}
        <button type="button" onClick={() => void settings.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  // Keyed by what is stored, so a save (or another moderator's, on refetch) refills the form.
  return <ChatSettingsForm key={JSON.stringify(settings.data)} stored={settings.data} />;
}

function ChatSettingsForm({ stored }: { stored: ChatSettings }) {
  const save = useSaveChatSettings();
  const [slow, setSlow] = useState(String(stored.slow_mode_seconds));
  const [filter, setFilter] = useState(formatWordFilter(stored.word_filter));
  const [problem, setProblem] = useState<string | null>(null);
  const slowId = useId();
  const filterId = useId();
  const hintId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readChatSettings(slow, filter);
    if (!read.ok) return setProblem(read.error);
    setProblem(null);
    save.mutate(read.settings);
  };

  return (
    <form className={styles.chatSettings} onSubmit={submit} noValidate>
      <div className={fieldClass}>
        <label htmlFor={slowId}>Slow mode (seconds between posts, 0 = off)</label>
        <input
          id={slowId}
          type="number"
          inputMode="numeric"
          min={0}
          max={3600}
          step={1}
          value={slow}
          onChange={(e) => setSlow(e.target.value)}
        />
      </div>
      <div className={fieldClass}>
        <label htmlFor={filterId}>Word filter</label>
        <textarea
          id={filterId}
          rows={5}
          value={filter}
          aria-describedby={hintId}
          onChange={(e) => setFilter(e.target.value)}
        />
        <p id={hintId} className={cx('muted', styles.chatSettingsHint)}>
          One word or phrase per line, or separated by commas; they are masked in new messages.
          Staff are exempt from slow mode.
        </p>
      </div>
      <FormError message={problem} />
      <button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save chat settings'}
      </button>
    </form>
  );
}

function ModerationLogSection() {
  const log = useModerationLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  if (log.isPending) return <p className="muted">Loading...</p>;
  if (log.isError && entries.length === 0) {
    return (
      <p className={fieldErrorClass} role="alert">
        {errorText(log.error, 'Could not load the moderation log.')}{' '}
        <button type="button" onClick={() => void log.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  return (
    <>
      {entries.length === 0 ? (
        <p className="muted">Nothing logged yet.</p>
      ) : (
        <ul className={styles.chatModLog} aria-label="Moderation log">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time className="muted" dateTime={isoTime(entry.created_at)}>
                {formatDateTime(entry.created_at)}
              </time>{' '}
              <strong>{entry.actor ?? 'A deleted user'}</strong> {logEntryText(entry)}
            </li>
          ))}
        </ul>
      )}
      {log.isFetchingNextPage ? (
        <p className="muted">Loading...</p>
      ) : (
        log.hasNextPage && (
          <button type="button" onClick={() => void log.fetchNextPage()}>
            Load more
          </button>
        )
      )}
      {log.isFetchNextPageError && (
        <p className={fieldErrorClass} role="alert">
          Could not load more entries; try again.
        </p>
      )}
    </>
  );
}
