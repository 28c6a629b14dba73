import type { ScheduledShow } from '@queuecast/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, FieldError, TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { ArtworkRefused, useSaveShow, type ArtworkChange } from '../api/save-show';
import styles from '../schedule.module.css';
import { ShowArt } from './slot-parts';
import {
  ARTWORK_TYPES,
  artworkProblem,
  checkShow,
  draftFromShow,
  emptyDraft,
  SCHEDULE_LIMITS,
  type ShowDraft,
} from '../show-form';

const LIST_HINT = 'Comma-separated; leave empty for any.';

/**
 * Staff's form for a new show (`show` null, starting at the next full hour) or for a planned
 * one. Checked before sending with the contract's messages; the server's refusal is a toast.
 */
export function ShowEditor({
  show,
  now,
  onDone,
}: {
  show: ScheduledShow | null;
  /** Epoch seconds, for a new show's default start. */
  now: number;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<ShowDraft>(() =>
    show ? draftFromShow(show) : emptyDraft(now),
  );
  const [error, setError] = useState<string | null>(null);
  const [artwork, setArtwork] = useState<ArtworkChange>({ kind: 'keep' });
  const save = useSaveShow();
  const set = <K extends keyof ShowDraft>(key: K, value: ShowDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setError(null);
  };
  const text =
    (
      key:
        | 'title'
        | 'dj'
        | 'date'
        | 'time'
        | 'minutes'
        | 'platforms'
        | 'tags'
        | 'artists'
        | 'minRating',
    ) =>
    (e: { target: { value: string } }) =>
      set(key, e.target.value);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkShow(draft);
    if (!check.ok) {
      setError(check.error);
      notify.error(check.error);
      return;
    }
    if (artwork.kind === 'set') {
      const problem = artworkProblem(artwork.file);
      if (problem) {
        setError(problem);
        notify.error(problem);
        return;
      }
    }
    save.mutate(
      { id: show?.id ?? null, body: check.body, artwork },
      {
        onSuccess: (saved) => {
          notify.success(show ? `Saved "${saved.title}".` : `Added "${saved.title}".`);
          onDone();
        },
        onError: (err) => {
          if (err instanceof ArtworkRefused) {
            // The show itself is saved: the form closes, and says what became of the picture.
            const why = errorText(err.cause, 'Failed to save the artwork.');
            notify.error(`Saved "${err.saved.title}", but not its artwork: ${why}`);
            onDone();
            return;
          }
          const message = errorText(err, 'Failed to save the show.');
          setError(message);
          notify.error(message);
        },
      },
    );
  };

  const title = show ? 'Edit show' : 'Add show';
  const busy = save.isPending;
  return (
    <Card title={title} titleId="show-editor-title" className={styles.editor}>
      <form onSubmit={submit} noValidate aria-labelledby="show-editor-title">
        <TextField
          label="Title"
          value={draft.title}
          onChange={text('title')}
          maxLength={SCHEDULE_LIMITS.titleMax}
          dir="auto"
          disabled={busy}
          autoFocus
        />
        <Field label="Description (optional)">
          {(id) => (
            <textarea
              id={id}
              rows={3}
              dir="auto"
              value={draft.description}
              maxLength={SCHEDULE_LIMITS.descriptionMax}
              disabled={busy}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
        <div className={styles.editorRow}>
          <Field label="Kind">
            {(id) => (
              <select
                id={id}
                value={draft.kind}
                disabled={busy}
                onChange={(e) => set('kind', e.target.value === 'themed' ? 'themed' : 'live')}
              >
                <option value="live">Live (a DJ)</option>
                <option value="themed">Themed (the auto-DJ)</option>
              </select>
            )}
          </Field>
          {draft.kind === 'live' && (
            <TextField
              label="DJ username"
              value={draft.dj}
              onChange={text('dj')}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
            />
          )}
        </div>
        <div className={styles.editorRow}>
          <TextField
            label="Date"
            type="date"
            value={draft.date}
            onChange={text('date')}
            disabled={busy}
          />
          <TextField
            label="Start time"
            type="time"
            value={draft.time}
            onChange={text('time')}
            disabled={busy}
          />
          <TextField
            label="Minutes"
            type="number"
            inputMode="numeric"
            min={SCHEDULE_LIMITS.minutesMin}
            max={SCHEDULE_LIMITS.minutesMax}
            step={1}
            value={draft.minutes}
            onChange={text('minutes')}
            disabled={busy}
          />
        </div>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={draft.weekly}
            disabled={busy}
            onChange={(e) => set('weekly', e.target.checked)}
          />{' '}
          Every week
        </label>
        {draft.kind === 'themed' && (
          <fieldset className={styles.theme} disabled={busy}>
            <legend>Theme</legend>
            <TextField
              label="Platforms"
              hint={LIST_HINT}
              value={draft.platforms}
              onChange={text('platforms')}
            />
            <TextField label="Tags" hint={LIST_HINT} value={draft.tags} onChange={text('tags')} />
            <TextField
              label="Artists"
              hint={LIST_HINT}
              value={draft.artists}
              onChange={text('artists')}
            />
            <TextField
              label="Minimum rating (optional)"
              hint="1 to 5"
              type="number"
              min={1}
              max={5}
              step={0.5}
              value={draft.minRating}
              onChange={text('minRating')}
            />
          </fieldset>
        )}
        <Field label="Artwork (optional)" hint="A PNG, JPEG, GIF or WebP picture, up to 5 MB.">
          {(id, hintId) => (
            <div className={styles.artworkField}>
              {show?.artwork_url && artwork.kind === 'keep' && <ShowArt show={show} px={48} />}
              <input
                id={id}
                type="file"
                accept={ARTWORK_TYPES}
                aria-describedby={hintId}
                disabled={busy}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  setArtwork(file ? { kind: 'set', file } : { kind: 'keep' });
                  setError(null);
                }}
              />
            </div>
          )}
        </Field>
        {show?.artwork_url && (
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={artwork.kind === 'remove'}
              disabled={busy}
              onChange={(e) => setArtwork(e.target.checked ? { kind: 'remove' } : { kind: 'keep' })}
            />{' '}
            Remove the artwork
          </label>
        )}
        <FieldError message={error} />
        <p className={styles.editorActions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Saving...' : show ? 'Save show' : 'Add show'}
          </Button>
          <Button onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        </p>
      </form>
    </Card>
  );
}
