import { LIMITS } from '@queuecast/contract';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styles from '../inbox.module.css';

/**
 * The message input: Enter sends, Shift+Enter starts a new line. Blank text is not sent; the
 * box is disabled while sending and cleared when the message went out.
 */
export function ReplyBox({
  sending,
  onSend,
  label = 'Message',
  autoFocus = false,
}: {
  sending: boolean;
  /** Sends the trimmed text; resolves true when it was sent. */
  onSend: (text: string) => Promise<boolean>;
  label?: string;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim() === '';

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sending || blank) return;
    if (await onSend(text.trim())) setText('');
    requestAnimationFrame(() => input.current?.focus());
  };

  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles.inboxReply} onSubmit={(e) => void submit(e)}>
      <textarea
        ref={input}
        aria-label={label}
        placeholder="Write a message... (Enter sends, Shift+Enter for a new line)"
        rows={2}
        maxLength={LIMITS.privateMessageMax}
        value={text}
        disabled={sending}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={keyDown}
      />
      <button type="submit" disabled={sending || blank}>
        {sending ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}
