import { useEffect, useId, useRef, useState } from 'react';
import styles from '../missing-songs.module.css';

/** The search box waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box and the platform filter. The search term goes up after a pause in typing; a
 * term that changes from outside (the browser's back button) comes back into the box.
 */
export function MissingSongsFilters({
  q,
  platform,
  platforms,
  onChange,
}: {
  q: string | undefined;
  platform: string | undefined;
  platforms: string[] | undefined;
  onChange: (change: { q?: string | undefined; platform?: string | undefined }) => void;
}) {
  const [term, setTerm] = useState(q ?? '');
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setTerm(q ?? '');
  }
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const type = (value: string) => {
    setTerm(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ q: value }), SEARCH_DEBOUNCE_MS);
  };

  // A platform picked while a search is still pending goes up with the typed term, in one
  // change: the pending search, sent on its own later, would carry the URL as it was before the
  // pick and drop the platform.
  const pick = (value: string | undefined) => {
    clearTimeout(timer.current);
    onChange({ platform: value, q: term });
  };

  // The chosen platform stays selectable while the list loads or if it is no longer known.
  const names = platforms ?? [];
  const options = platform && !names.includes(platform) ? [platform, ...names] : names;
  return (
    <div className={styles.missingFilters} role="search">
      <div className={styles.missingFilter}>
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Title or artist"
          value={term}
          onChange={(e) => type(e.target.value)}
        />
      </div>
      <div className={styles.missingFilter}>
        <label htmlFor={`${id}-platform`}>Platform</label>
        <select
          id={`${id}-platform`}
          value={platform ?? ''}
          onChange={(e) => pick(e.target.value || undefined)}
        >
          <option value="">All platforms</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
