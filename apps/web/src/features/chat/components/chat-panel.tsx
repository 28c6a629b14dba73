import { LIMITS, PAGES } from '@queuecast/contract';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useChatFeed } from '../../../lib/chat-feed';
import { sessionStore, useSession } from '../../../lib/session';
import { useSendChat } from '../api/post-oneliner';
import { useChatNow } from '../chat-clock';
import { sessionUsable } from '../chat-send-rules';
import { ChatLine } from './chat-line';

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
  const disabled = !loggedIn || send.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending || !text.trim()) return;
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
    <section className="panel chat" aria-labelledby="chat-title">
      <h2 id="chat-title">Chat</h2>
      <form className="chat-form" onSubmit={submit}>
        <input
          ref={input}
          type="text"
          aria-label="Chat message"
          value={text}
          maxLength={LIMITS.chatMax}
          placeholder={loggedIn ? 'Say something...' : 'Log in to chat'}
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
          🙂
        </button>
        <button type="submit" disabled={disabled}>
          Send
        </button>
      </form>
      {pickerOpen && loggedIn && (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <EmojiPicker onPick={insert} />
        </Suspense>
      )}
      {messages.length === 0 ? (
        <p className="muted">No messages yet.</p>
      ) : (
        <ul className="chat-list" aria-label="Chat messages">
          {messages.map((message) => (
            <ChatLine key={message.id} message={message} now={now} />
          ))}
        </ul>
      )}
      {loggedIn && <Link to={PAGES.onelinerHistory.path()}>Older messages</Link>}
    </section>
  );
}
