import type { OnelinerMessage } from '@queuecast/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useDeleteChat } from '../api/delete-oneliner';
import { useMuteUser } from '../api/mute-user';
import { MUTE_CHOICES } from '../moderation-rules';
import styles from '../chat.module.css';

/**
 * A chat line's moderation controls, for staff; loaded the first time a '⋯' opens. Deleting
 * takes a second click ('Confirm delete'); muting acts at once (it can be lifted with
 * 'Unmute'). Escape closes. Staff cannot mute themselves from their own lines.
 */
export default function ModerationMenu({
  id,
  message,
  ownMessage,
  onClose,
}: {
  id: string;
  message: OnelinerMessage;
  ownMessage: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteChat();
  const mute = useMuteUser();
  const [confirming, setConfirming] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  const busy = remove.isPending || mute.isPending;

  useEffect(() => {
    first.current?.focus();
  }, [confirming]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    if (confirming) setConfirming(false);
    else onClose();
  };

  const muteFor = (minutes: number) =>
    mute.mutate(
      { userId: message.author_id, username: message.author, minutes },
      { onSuccess: onClose },
    );

  return (
    <div
      id={id}
      className={styles.chatModMenu}
      role="group"
      aria-label={`Moderation of ${message.author}'s message`}
      onKeyDown={onKeyDown}
    >
      {confirming ? (
        <>
          <button
            ref={first}
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => remove.mutate(message.id, { onError: () => setConfirming(false) })}
          >
            Confirm delete
          </button>
          <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </>
      ) : (
        <>
          <button ref={first} type="button" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </button>
          {!ownMessage && (
            <>
              {MUTE_CHOICES.map((choice) => (
                <button
                  key={choice.minutes}
                  type="button"
                  disabled={busy}
                  onClick={() => muteFor(choice.minutes)}
                >
                  Mute {choice.label}
                </button>
              ))}
              <button type="button" disabled={busy} onClick={() => muteFor(0)}>
                Unmute
              </button>
            </>
          )}
        </>
      )}
    </div>
  );
}
