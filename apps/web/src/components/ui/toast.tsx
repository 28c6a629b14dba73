import { useSyncExternalStore } from 'react';
import { notify, toastStore } from '../../lib/toast';
import { cx } from './cx';
import styles from './toast.module.css';

const MARK = { blank: null, loading: '…', success: '✓', error: '!' } as const;

/** The page's toasts (lib/toast.ts), newest last, each announced politely on its own. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  return (
    <section className={styles.region} aria-label="Notifications">
      {toasts.map((t) => (
        // The status holds the message alone: that is what is announced (and what tests read);
        // the mark and the close button sit beside it.
        <div
          key={t.id}
          className={cx(
            styles.toast,
            t.kind === 'success' && styles.success,
            t.kind === 'error' && styles.error,
          )}
        >
          {MARK[t.kind] && <span aria-hidden="true">{MARK[t.kind]}</span>}
          <div role="status" aria-live="polite" dir="auto" className={styles.message}>
            {t.message}
          </div>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss"
            onClick={() => notify.dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
