import { PAGES, type OnelinerMessage } from '@queuecast/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { artistQuery } from '../../../api/get-artist';
import { songQuery } from '../../../api/get-song';
import { Emoji } from '../../../components/emoji';
import { UserLink } from '../../../components/user-link';
import { formatDateTime, isoTime } from '../../../lib/format';
import { chatAge, parseChatText, type ChatToken } from '../chat-text';
import { customEmojiSrc } from '../emoji';
import { cx } from '../../../components/ui/cx';
import styles from '../chat.module.css';

/** A name for a link label changes rarely; keep it for a few minutes. */
const LABEL_STALE_MS = 5 * 60_000;

const loadMenu = () => import('./moderation-menu');
const ModerationMenu = lazy(loadMenu);

/** Who reads the line: staff get a '⋯' button opening the moderation controls. */
export interface ChatReader {
  staff: boolean;
  userId: number | undefined;
}

/**
 * One chat message, in the widget and on the history page: author, age and the text as
 * React text, links and images; never as HTML. Staff also get a compact '⋯' toggle whose
 * controls (delete, mute) load on first use.
 */
export function ChatLine({
  message,
  now,
  reader,
}: {
  message: OnelinerMessage;
  now: number;
  reader?: ChatReader;
}) {
  const { action, tokens } = useMemo(
    () => parseChatText(message.message, window.location.origin),
    [message.message],
  );
  const author = (
    <strong className="chat-author">
      <UserLink username={message.author} />
    </strong>
  );
  const age = (
    <time
      className={cx(styles.chatAge, 'muted')}
      dateTime={isoTime(message.timestamp)}
      title={formatDateTime(message.timestamp)}
    >
      {chatAge(message.timestamp, now)}
    </time>
  );
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const staff = reader?.staff === true;
  const toggle = staff && (
    <button
      ref={toggleRef}
      type="button"
      className={styles.chatModToggle}
      aria-label={`Moderate message by ${message.author}`}
      aria-expanded={menuOpen}
      aria-controls={menuOpen ? menuId : undefined}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setMenuOpen((o) => !o)}
    >
      ⋯
    </button>
  );
  const menu = staff && menuOpen && (
    <Suspense fallback={<span className={cx('muted', styles.chatModMenu)}>Loading...</span>}>
      <ModerationMenu
        id={menuId}
        message={message}
        ownMessage={reader.userId === message.author_id}
        onClose={() => {
          setMenuOpen(false);
          toggleRef.current?.focus();
        }}
      />
    </Suspense>
  );
  return action ? (
    <li className={cx(styles.chatLine, styles.chatAction, 'chat-action')}>
      {toggle}
      <em className={styles.chatText} dir="auto">
        {author} <ChatTokens tokens={tokens} />
      </em>{' '}
      {age}
      {menu}
    </li>
  ) : (
    <li className={styles.chatLine}>
      {toggle}
      {author} {age}{' '}
      <span className={styles.chatText} dir="auto">
        <ChatTokens tokens={tokens} />
      </span>
      {menu}
    </li>
  );
}

function ChatTokens({ tokens }: { tokens: ChatToken[] }) {
  return tokens.map((token, i) => {
    switch (token.type) {
      case 'text':
        return token.text;
      case 'link':
        return (
          <a key={i} href={token.href} target="_blank" rel="noopener noreferrer">
            {token.text}
          </a>
        );
      case 'page':
        return token.kind === 'song' ? (
          <SongLink key={i} id={token.id} />
        ) : (
          <ArtistLink key={i} id={token.id} />
        );
      case 'emoji':
        return (
          <img
            key={i}
            className={styles.emoji}
            src={customEmojiSrc(token.name)}
            alt={`:${token.name}:`}
            title={`:${token.name}:`}
            width={20}
            height={20}
          />
        );
      case 'unicode-emoji':
        return <Emoji key={i} text={token.text} />;
    }
  });
}

const songTitle = (detail: { song: { title: string } }) => detail.song.title;
const artistName = (artist: { artist: string }) => artist.artist;

function SongLink({ id }: { id: number }) {
  const { data } = useQuery({ ...songQuery(id), select: songTitle, staleTime: LABEL_STALE_MS });
  return <Link to={PAGES.song.path({ id })}>{data ?? `Song #${id}`}</Link>;
}

function ArtistLink({ id }: { id: number }) {
  const { data } = useQuery({ ...artistQuery(id), select: artistName, staleTime: LABEL_STALE_MS });
  return <Link to={PAGES.artist.path({ id })}>{data ?? `Artist #${id}`}</Link>;
}
