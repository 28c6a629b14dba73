import { PAGES } from '@queuecast/contract';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useUploadSongFile } from '../api/upload-song-file';
import { useUploadStatus } from '../api/upload-status';
import { uploadDoneText } from '../song-status';
import {
  analysingText,
  IDLE,
  isBusy,
  NO_FILE,
  sizeText,
  UPLOAD_FAILED,
  uploadReducer,
} from '../upload-state';
import { fieldClass, fieldErrorClass } from '../../../components/ui/field';
import { cx } from '../../../components/ui/cx';
import styles from '../staff.module.css';

/** Audio only; tracker modules count as audio here, though browsers give them no audio type. */
export const AUDIO_ACCEPT = 'audio/*,.mod,.xm,.s3m,.it';

/**
 * Picks an audio file and sends it for the song, with the bytes sent in percent, then its place
 * in the server's analysis queue while it waits and 'Analysing…' while the server checks and
 * measures it, then what the upload means for the song (on air now, or waiting for review) or
 * why it failed.
 */
export function UploadForm({ songId }: { songId: number }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, dispatch] = useReducer(uploadReducer, IDLE);
  const upload = useUploadSongFile();
  const [status, resetStatus] = useUploadStatus(songId);
  const abort = useRef<AbortController | null>(null);
  const busy = isBusy(state);

  // Leaving the page stops an upload under way.
  useEffect(() => () => abort.current?.abort(), []);

  const fail = (message: string) => {
    dispatch({ type: 'fail', message });
    notify.error(message);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return fail(NO_FILE);
    const controller = new AbortController();
    abort.current = controller;
    resetStatus();
    dispatch({ type: 'start' });
    upload.mutate(
      {
        songId,
        file,
        signal: controller.signal,
        onProgress: (sent, total) => dispatch({ type: 'progress', sent, total }),
        onSent: () => dispatch({ type: 'sent' }),
      },
      {
        onSuccess: (result) => {
          const message = uploadDoneText(result);
          dispatch({ type: 'done', message });
          notify.success(message);
        },
        onError: (err) => {
          if (err instanceof DOMException && err.name === 'AbortError') return;
          fail(errorText(err, UPLOAD_FAILED));
        },
      },
    );
  };

  return (
    <form className={styles.uploadForm} onSubmit={submit} noValidate>
      <div className={fieldClass}>
        <label htmlFor={inputId}>Audio file</label>
        <input
          id={inputId}
          type="file"
          accept={AUDIO_ACCEPT}
          disabled={busy}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            dispatch({ type: 'pick' });
          }}
        />
        {file && (
          <p className={cx('muted', styles.uploadFile)}>
            {file.name} ({sizeText(file.size)})
          </p>
        )}
      </div>
      <button type="submit" disabled={busy}>
        Upload File
      </button>
      {state.phase === 'uploading' && (
        <div className={styles.uploadProgress} data-testid="upload-progress">
          <progress max={100} value={state.percent} aria-label="Upload progress" />
          <span aria-live="polite">{state.percent}%</span>
        </div>
      )}
      {state.phase === 'analysing' && (
        <div className={styles.uploadProgress} data-testid="upload-progress">
          <progress aria-label="Analysing the file" />
          <span role="status">{analysingText(status)}</span>
        </div>
      )}
      {state.phase === 'success' && (
        <p role="status" className={styles.staffSuccess}>
          {state.message} <Link to={PAGES.song.path({ id: songId })}>Go to the song</Link>
        </p>
      )}
      {state.phase === 'error' && (
        <p role="alert" className={fieldErrorClass}>
          {state.message}
        </p>
      )}
    </form>
  );
}
