import { useState } from 'react';
import styles from './emoji.module.css';
import { splitEmoji, twemojiSrc } from './twemoji';

/**
 * One emoji drawn from the station's set, the same on every system; its text is the image's
 * alternative (read aloud, copied with a selection). An emoji the set has no picture for stays
 * text.
 */
export function Emoji({ text, className }: { text: string; className?: string }) {
  const [missing, setMissing] = useState(false);
  if (missing) {
    return (
      <span role="img" aria-label={text}>
        {text}
      </span>
    );
  }
  return (
    <img
      className={className ? `${styles.emoji} ${className}` : styles.emoji}
      src={twemojiSrc(text)}
      alt={text}
      draggable={false}
      onError={() => setMissing(true)}
    />
  );
}

/** Text a listener wrote, as React text, with its emoji drawn from the set (never as HTML). */
export function EmojiText({ text }: { text: string }) {
  return splitEmoji(text).map((part, i) =>
    part.emoji ? <Emoji key={i} text={part.text} /> : part.text,
  );
}
