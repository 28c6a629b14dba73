import { isStaff, PAGES, type AddSongResult, type ArtistSuggestion } from '@queuecast/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { FormField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAddSong } from '../api/add-song';
import { useSongPlatforms } from '../api/get-song-platforms';
import { ARTIST_SEARCH_DEBOUNCE_MS, useArtistSearch } from '../api/search-artists';
import { addSongRefusal, checkAddSong, platformSuggestions } from '../add-song-rules';
import { Combobox } from '../components/combobox';
import styles from '../staff.module.css';

/** The upload page opens this long after the song was added, so the success can be read. */
const REDIRECT_MS = 1000;

export default function AddSongPage() {
  useDocumentTitle('Add Song');
  const session = useSession();
  return (
    <section className={styles.staffDesk}>
      <h1>Add Song</h1>
      {session ? (
        <AddSongForm staff={isStaff(session.user.role)} />
      ) : (
        <p className="muted">You must be logged in to add a song.</p>
      )}
    </section>
  );
}

function AddSongForm({ staff }: { staff: boolean }) {
  const navigate = useNavigate();
  const [artistText, setArtistText] = useState('');
  const [artist, setArtist] = useState<ArtistSuggestion | null>(null);
  const [title, setTitle] = useState('');
  const [platform, setPlatform] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<AddSongResult | null>(null);
  /** The song already in the catalogue when the server refused a duplicate. */
  const [existing, setExisting] = useState<number | null>(null);

  const term = useDebouncedValue(artistText, ARTIST_SEARCH_DEBOUNCE_MS);
  const artists = useArtistSearch(term);
  const platforms = useSongPlatforms();
  const add = useAddSong();

  useEffect(() => {
    if (platforms.isError) notify.error('Failed to load platforms');
  }, [platforms.isError]);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(
      () => void navigate(PAGES.uploadSong.path({ songId: added.song_id })),
      REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [added, navigate]);

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setExisting(null);
    const check = checkAddSong({ artist, artistText, title, platform }, platforms.data ?? []);
    if (!check.ok) return fail(check.error);
    add.mutate(check.body, {
      onSuccess: (result) => {
        setAdded(result);
        notify.success('Song added!');
      },
      onError: (err) => {
        const refusal = addSongRefusal({
          status: err instanceof ApiError ? err.status : null,
          message: err instanceof ApiError ? err.serverMessage : undefined,
          songId: err instanceof ApiError ? (err.body as { song_id?: unknown })?.song_id : null,
        });
        setExisting(refusal.existing);
        fail(refusal.message);
      },
    });
  };

  const typing = term !== artistText;
  const artistNote = !artistText.trim()
    ? null
    : artists.isError
      ? 'Failed to search artists'
      : typing || artists.isPending
        ? 'Searching...'
        : 'No artists found.';
  const platformNote = platforms.isPending
    ? 'Loading platforms...'
    : platforms.isError
      ? 'Failed to load platforms'
      : 'No platform by that name.';
  const busy = add.isPending || added !== null;

  return (
    <form className={styles.addSongForm} onSubmit={submit} noValidate>
      <p className="muted">
        {staff
          ? 'Add the song, then upload its audio file on the next page.'
          : 'Add the song, then upload its audio file on the next page. Staff review it before it goes on air.'}
      </p>
      <Combobox
        label="Artist"
        value={artistText}
        onChange={(text) => {
          setArtistText(text);
          setError(null);
        }}
        options={artistText.trim() ? (artists.data ?? []) : []}
        optionKey={(a) => a.id}
        optionLabel={(a) => a.name}
        onPick={(a) => {
          setArtist(a);
          setArtistText(a.name);
          setError(null);
        }}
        note={artistNote}
        settled={artist !== null && artist.name === artistText}
        placeholder="Start typing an artist..."
        maxLength={100}
        disabled={busy}
      />
      <FormField
        label="Title"
        value={title}
        maxLength={300}
        disabled={busy}
        onChange={(e) => {
          setTitle(e.target.value);
          setError(null);
        }}
      />
      <Combobox
        label="Platform"
        value={platform}
        onChange={(text) => {
          setPlatform(text);
          setError(null);
        }}
        options={platformSuggestions(platform, platforms.data ?? [])}
        optionKey={(p) => p}
        optionLabel={(p) => p}
        onPick={(p) => {
          setPlatform(p);
          setError(null);
        }}
        note={platformNote}
        settled={platforms.data?.includes(platform) ?? false}
        placeholder="e.g. Commodore Amiga"
        maxLength={100}
        disabled={busy}
      />
      <FormError message={error} />
      {existing !== null && (
        <p>
          <Link to={PAGES.song.path({ id: existing })}>Open that song</Link> ·{' '}
          <Link to={PAGES.uploadSong.path({ songId: existing })}>Upload its file</Link>
        </p>
      )}
      {added && (
        <p role="status" className={styles.staffSuccess}>
          {added.status === 'review'
            ? 'Song added: it waits for staff review. Opening its upload page...'
            : 'Song added. Opening its upload page...'}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {add.isPending ? 'Adding...' : 'Submit'}
      </button>
    </form>
  );
}
