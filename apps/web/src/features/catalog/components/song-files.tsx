import type { DetailSong, FileRecord } from '@queuecast/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAssociateFile } from '../api/associate-file';
import { useFileSearch } from '../api/search-files';
import { UnassociateFailure, useUnassociateFile } from '../api/unassociate-file';
import { fileOwnerText, fileSearchRefusal } from '../file-panel-rules';
import { fieldErrorClass } from '../../../components/ui/field';
import { cardClass } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import styles from '../song-page.module.css';
import { Badge } from '../../../components/ui/badge';

const UNASSOCIATE_TEXTS = {
  find: 'Failed to find file by name',
  missing: 'Could not find the file in the database',
  unassociate: 'Failed to unassociate file',
} as const;

/** The server's reason for a refusal (bad input, conflict), worth showing beside the toast. */
const refusalReason = (err: unknown): string | null => {
  const cause = err instanceof UnassociateFailure ? err.cause : err;
  return cause instanceof ApiError && cause.status >= 400 && cause.status < 500
    ? (cause.serverMessage ?? null)
    : null;
};

/**
 * Staff only: the song's audio file. Idle it names the file, with Unassociate; search mode
 * finds files by name to associate one with this song (Cancel goes back). Either change
 * reloads the song, whose status and Request button follow.
 */
export default function SongFiles({ song }: { song: DetailSong }) {
  const [searching, setSearching] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const unassociate = useUnassociateFile();

  const onUnassociate = () => {
    if (!song.filename) return;
    setReason(null);
    unassociate.mutate(
      { songId: song.id, filename: song.filename },
      {
        onSuccess: () => notify.success('File has been unassociated from this song'),
        onError: (err) => {
          notify.error(
            UNASSOCIATE_TEXTS[err instanceof UnassociateFailure ? err.step : 'unassociate'],
          );
          setReason(refusalReason(err));
        },
      },
    );
  };

  return (
    <section className={cx(cardClass, styles.songFiles)} aria-labelledby="files-title">
      <h2 id="files-title">File</h2>
      {song.filename ? (
        <p className={styles.songFileName}>
          <span className="muted">File: </span>
          <span data-testid="song-filename">{song.filename}</span>
        </p>
      ) : (
        <p className="muted">This song has no file.</p>
      )}
      {searching ? (
        <FileSearch
          song={song}
          onDone={() => setSearching(false)}
          onReason={setReason}
          reason={reason}
        />
      ) : (
        <>
          <div className={styles.songFilesActions}>
            {song.filename && (
              <button type="button" disabled={unassociate.isPending} onClick={onUnassociate}>
                Unassociate
              </button>
            )}
            <button
              type="button"
              onClick={() => {
                setReason(null);
                setSearching(true);
              }}
            >
              Associate a file
            </button>
          </div>
          {reason && (
            <p className={fieldErrorClass} role="alert">
              {reason}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Search mode: a file name search, its results, and Associate on each. */
function FileSearch({
  song,
  onDone,
  reason,
  onReason,
}: {
  song: DetailSong;
  onDone: () => void;
  reason: string | null;
  onReason: (reason: string | null) => void;
}) {
  const termId = useId();
  const [term, setTerm] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const search = useFileSearch(submitted);
  const associate = useAssociateFile();

  useEffect(() => {
    if (search.isError) notify.error('Failed to search files');
  }, [search.isError, search.errorUpdatedAt]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onReason(null);
    const refusal = fileSearchRefusal(term);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    if (submitted === term.trim()) void search.refetch();
    else setSubmitted(term.trim());
  };

  const onAssociate = (file: FileRecord) => {
    onReason(null);
    associate.mutate(
      { fileid: file.fileid, songId: song.id },
      {
        onSuccess: () => {
          notify.success('File association updated successfully');
          onDone();
        },
        onError: (err) => {
          notify.error('Failed to update file association');
          onReason(refusalReason(err));
        },
      },
    );
  };

  const files = search.data;
  return (
    <div className="file-search">
      <form
        role="search"
        aria-label="Search files"
        onSubmit={submit}
        className={styles.fileSearchForm}
      >
        <div className={styles.fileSearchField}>
          <label htmlFor={termId}>File name</label>
          <input
            id={termId}
            type="search"
            value={term}
            autoFocus
            placeholder="At least 3 characters"
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
        <button type="submit" disabled={search.isFetching}>
          Search
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </form>
      {reason && (
        <p className={fieldErrorClass} role="alert">
          {reason}
        </p>
      )}
      {search.isFetching ? (
        <p className="muted">Searching...</p>
      ) : files?.length === 0 ? (
        <p className="muted" role="status">
          No matching files found
        </p>
      ) : files ? (
        <ul className={styles.fileResults} aria-label="Matching files">
          {files.map((file) => (
            <li key={file.fileid}>
              <div className={styles.fileResultMain}>
                <span className="file-result-name">{file.filename}</span>
                <span className="muted">
                  {fileOwnerText(file, song.id)}
                  {file.pending && <Badge kind="tag">Pending review</Badge>}
                </span>
              </div>
              <button
                type="button"
                disabled={associate.isPending || file.songid === song.id}
                aria-label={`Associate ${file.filename}`}
                onClick={() => onAssociate(file)}
              >
                Associate
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
