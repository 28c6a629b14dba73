import { isStaff, LIMITS, PAGES } from '@queuecast/contract';
import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Emoji } from '../../../components/emoji';
import { useChatFeed } from '../../../lib/chat-feed';
import { serverNow } from '../../../lib/server-clock';
import { sessionStore, useSession } from '../../../lib/session';
import { useSendChat } from '../api/post-oneliner';
import { useChatNow } from '../chat-clock';
import { sessionUsable } from '../chat-send-rules';
import { muteNotice } from '../mute-notice';
import { useOwnMute } from '../own-mute';
import { ChatLine, type ChatReader } from './chat-line';
import { cardClass } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import styles from '../chat.module.css';

const loadPicker = () => import('./emoji-picker');
const EmojiPicker = lazy(loadPicker);

/** The chat widget of the right sidebar: the latest messages, newest first, and the input. */
export function ChatPanel() {
  const session = useSession();
  const messages = useChatFeed();
  const now = useChatNow();
  const send = useSendChat();
  const [text, setText] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const loggedIn = session !== null;
  const mutedUntil = useOwnMute(session?.user.id);
  const muted = mutedUntil !== null;
  const disabled = !loggedIn || send.isPending || muted;
  const reader = useMemo<ChatReader>(
    () => ({ staff: isStaff(session?.user.role), userId: session?.user.id }),
    [session],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending || muted || !text.trim()) return;
    if (!sessionUsable(sessionStore.get())) {
      sessionStore.logout();
      return;
    }
    send.mutate(text, {
      onSuccess: () => {
        setText('');
        setPickerOpen(false);
      },
      onSettled: () => requestAnimationFrame(() => input.current?.focus()),
    });
  };

  const insert = (piece: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + piece + text.slice(end);
    if (next.length > LIMITS.chatMax) return;
    setText(next);
    const caret = start + piece.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };

  return (
    <section className={cx(cardClass, styles.chat)} aria-labelledby="chat-title">
      <h2 id="chat-title">Chat</h2>
      <form className={styles.chatForm} onSubmit={submit}>
        <input
          ref={input}
          type="text"
          aria-label="Chat message"
          value={text}
          maxLength={LIMITS.chatMax}
          placeholder={!loggedIn ? 'Log in to chat' : muted ? 'You are muted' : 'Say something...'}
          aria-describedby={muted ? 'chat-muted' : undefined}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="button"
          className="emoji-toggle"
          aria-label={pickerOpen ? 'Close emoji picker' : 'Open emoji picker'}
          aria-expanded={pickerOpen}
          disabled={disabled}
          onPointerEnter={() => void loadPicker()}
          onFocus={() => void loadPicker()}
          onClick={() => setPickerOpen((open) => !open)}
        >
          <Emoji text="🙂" />
        </button>
        <button type="submit" disabled={disabled}>
          Send
        </button>
      </form>
      {muted && (
        <p id="chat-muted" className={styles.chatMuted} role="status">
          {muteNotice(mutedUntil, serverNow())}
        </p>
      )}
      {pickerOpen && loggedIn && !muted && (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <EmojiPicker onPick={insert} />
        </Suspense>
      )}
      {messages.length === 0 ? (
        <p className="muted">No messages yet.</p>
      ) : (
        <ul className={styles.chatList} aria-label="Chat messages">
          {messages.map((message) => (
            <ChatLine key={message.id} message={message} now={now} reader={reader} />
          ))}
        </ul>
      )}
      {loggedIn && <Link to={PAGES.onelinerHistory.path()}>Older messages</Link>}
    </section>
  );
}
