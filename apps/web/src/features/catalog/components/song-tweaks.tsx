import type { DetailSong } from '@queuecast/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { usePostTweak } from '../api/post-tweak';
import { tweakSeconds } from '../tweak-input';
import { fieldErrorClass } from '../../../components/ui/field';
import styles from '../song-page.module.css';
import { cardClass } from '../../../components/ui/card';

const FIELDS = [
  ['h_skip', 'Skip (s)', 'Seconds skipped at the start'],
  ['h_length', 'Length (s)', 'Seconds played; 0 plays to the end'],
  ['h_fadeout', 'Fade-out (s)', 'Seconds faded out at the end of what plays'],
] as const;

/**
 * Staff only: how the song plays on air (skip, length, fade-out), from its next start. The
 * server checks the values against the song; its reason shows with 'Error saving tweaks'.
 */
export default function SongTweaks({ song }: { song: DetailSong }) {
  const [values, setValues] = useState({
    h_skip: String(song.h_skip),
    h_length: String(song.h_length),
    h_fadeout: String(song.h_fadeout),
  });
  const [saved, setSaved] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const save = usePostTweak();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setReason(null);
    const tweak = {
      h_skip: tweakSeconds(values.h_skip),
      h_length: tweakSeconds(values.h_length),
      h_fadeout: tweakSeconds(values.h_fadeout),
    };
    save.mutate(
      { songId: song.id, tweak },
      {
        onSuccess: () => setSaved(true),
        onError: (err) => {
          notify.error('Error saving tweaks');
          if (err instanceof ApiError && err.status === 400) setReason(err.message);
        },
      },
    );
  };

  return (
    <section className={cardClass} aria-labelledby="tweaks-title">
      <h2 id="tweaks-title">Helper tweaks</h2>
      <form onSubmit={submit} className={styles.tweakForm}>
        {FIELDS.map(([key, label, hint]) => (
          <label key={key}>
            {label}
            <input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              title={hint}
              value={values[key]}
              onChange={(e) => {
                setSaved(false);
                setValues((v) => ({ ...v, [key]: e.target.value }));
              }}
            />
          </label>
        ))}
        <button type="submit" disabled={save.isPending}>
          Save tweaks
        </button>
        {reason && (
          <p className={fieldErrorClass} role="alert">
            {reason}
          </p>
        )}
        {saved && (
          <span role="status" className="muted">
            Saved!
          </span>
        )}
      </form>
    </section>
  );
}
