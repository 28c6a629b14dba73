import { Emoji } from '../../../components/emoji';
import { CUSTOM_EMOJI, customEmojiSrc, STANDARD_EMOJI } from '../emoji';
import styles from '../chat.module.css';

/**
 * The emoji picker: 44 standard emoji, drawn from the station's set so that they look the same
 * on every system, and the 6 custom codes; loaded when first opened.
 */
export default function EmojiPicker({ onPick }: { onPick: (text: string) => void }) {
  return (
    <div className={styles.emojiPicker} role="group" aria-label="Emoji picker">
      {STANDARD_EMOJI.map((emoji) => (
        <button key={emoji} type="button" aria-label={emoji} onClick={() => onPick(emoji)}>
          <Emoji text={emoji} />
        </button>
      ))}
      {CUSTOM_EMOJI.map((name) => (
        <button
          key={name}
          type="button"
          aria-label={`:${name}:`}
          title={`:${name}:`}
          onClick={() => onPick(`:${name}:`)}
        >
          <img src={customEmojiSrc(name)} alt="" width={20} height={20} />
        </button>
      ))}
    </div>
  );
}
