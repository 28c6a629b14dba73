import { useState } from 'react';
import { notify } from '../../../lib/toast';
import { useSavePublicPanels } from '../api/stats-queries';
import { PANELS, PANEL_TITLES, type Panel } from '../stats-range';
import styles from '../stats.module.css';

/** Admins: which panels the public sees on this page (keyed by `current` to start again). */
export function PublicPanelsForm({ current }: { current: Panel[] }) {
  const [chosen, setChosen] = useState<Panel[]>(current);
  const save = useSavePublicPanels();
  const toggle = (panel: Panel, on: boolean) =>
    setChosen((list) => (on ? [...list, panel] : list.filter((p) => p !== panel)));
  return (
    <form
      className={styles.publicForm}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          PANELS.filter((p) => chosen.includes(p)),
          {
            onSuccess: () => notify.success('Public statistics saved'),
            onError: () => notify.error('Failed to save the public statistics'),
          },
        );
      }}
    >
      <fieldset>
        <legend>Shown to everyone</legend>
        {PANELS.map((panel) => (
          <label key={panel}>
            <input
              type="checkbox"
              checked={chosen.includes(panel)}
              onChange={(e) => toggle(panel, e.target.checked)}
            />{' '}
            {PANEL_TITLES[panel]}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
