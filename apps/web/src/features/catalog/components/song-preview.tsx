import type { Song } from '@queuecast/contract';
import { useEffect, useState } from 'react';
import { describeFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { usePreview } from '../api/get-preview';
import { PREVIEW_URL_LIFETIME_MS, previewFailureText } from '../preview-rules';
import styles from '../song-page.module.css';

/**
 * The song page's Preview: one fetch at a time; once loaded the button is disabled
 * and the clip plays. Its object URL is released after 10 minutes (or when the page goes), and
 * then the button offers the preview again.
 */
export function SongPreview({ song }: { song: Pick<Song, 'id' | 'title' | 'has_file'> }) {
  const [url, setUrl] = useState<string | null>(null);
  const { mutate, isPending } = usePreview();

  useEffect(() => {
    if (!url) return;
    const timer = setTimeout(() => setUrl(null), PREVIEW_URL_LIFETIME_MS);
    return () => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
    };
  }, [url]);

  const load = () => {
    if (isPending || url) return;
    // Callbacks given to mutate() do not run once the page is gone, so no URL is left behind.
    mutate(song.id, {
      onSuccess: (clip) => setUrl(URL.createObjectURL(clip)),
      onError: (err) => void notify.error(previewFailureText(describeFailure(err))),
    });
  };

  return (
    <div className={styles.songPreview}>
      <button
        type="button"
        onClick={load}
        disabled={isPending || url !== null || !song.has_file}
        aria-busy={isPending}
        title={song.has_file ? 'Listen to 30 seconds of this song' : 'No audio file yet'}
      >
        Preview
      </button>
      {url && (
        <audio src={url} autoPlay controls aria-label={`Preview of ${song.title}`}>
          Your browser cannot play this preview.
        </audio>
      )}
    </div>
  );
}
