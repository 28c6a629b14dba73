import { isStaff } from '@queuecast/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { usePublicPanels } from '../api/stats-queries';
import {
  ActivityPanel,
  HeatmapPanel,
  ListenersPanel,
  SessionsPanel,
} from '../components/listener-panels';
import { PublicPanelsForm } from '../components/public-panels-form';
import { PeoplePanel, TopPanel } from '../components/table-panels';
import {
  PRESETS,
  customRange,
  dayText,
  rangeFromSearch,
  type Panel,
  type StatsRange,
} from '../stats-range';
import styles from '../stats.module.css';

/**
 * The station's statistics over a range: listeners, the busiest hours, sessions, activity and
 * the top tables. Staff see every panel (and admins choose the public ones); everyone else
 * sees the panels made public.
 */
export default function StatsPage() {
  useDocumentTitle('Statistics');
  const session = useSession();
  const staff = isStaff(session?.user.role);
  const publicPanels = usePublicPanels();
  const [search, setSearch] = useSearchParams();
  // A preset ends when it was chosen (or the page opened), not at each render.
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const { range, preset, error } = useMemo(() => rangeFromSearch(search, now), [search, now]);
  const shown: Panel[] | null = staff ? null : (publicPanels.data?.public ?? []);
  const sees = (panel: Panel) => shown === null || shown.includes(panel);

  return (
    <section className={styles.page}>
      <h1>Statistics</h1>
      <RangePicker
        range={range}
        preset={preset}
        error={error}
        onPreset={(id) => {
          setNow(Math.floor(Date.now() / 1000));
          setSearch({ range: id });
        }}
        onCustom={(from, to) => setSearch({ from, to })}
      />
      {!staff && publicPanels.isPending ? (
        <p className="muted">Loading...</p>
      ) : shown !== null && shown.length === 0 ? (
        <p className="muted">The station&apos;s statistics are not public.</p>
      ) : (
        <div className={styles.grid}>
          {sees('listeners') && <ListenersPanel range={range} />}
          {sees('heatmap') && <HeatmapPanel range={range} />}
          {sees('sessions') && <SessionsPanel range={range} />}
          {sees('activity') && <ActivityPanel range={range} />}
          {sees('top_songs') && <TopPanel range={range} kind="songs" />}
          {sees('top_artists') && <TopPanel range={range} kind="artists" />}
          {sees('top_platforms') && <TopPanel range={range} kind="platforms" />}
          {sees('requesters') && <PeoplePanel range={range} list="requesters" />}
          {sees('chatters') && <PeoplePanel range={range} list="chatters" />}
        </div>
      )}
      {session?.user.role === 'admin' && publicPanels.data && (
        <section aria-labelledby="public-stats-heading" className={styles.admin}>
          <h2 id="public-stats-heading">Public statistics</h2>
          <PublicPanelsForm
            key={publicPanels.data.public.join()}
            current={publicPanels.data.public}
          />
        </section>
      )}
    </section>
  );
}

function RangePicker({
  range,
  preset,
  error,
  onPreset,
  onCustom,
}: {
  range: StatsRange;
  preset: string | null;
  error: string | null;
  onPreset: (id: string) => void;
  onCustom: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(dayText(range.from));
  const [to, setTo] = useState(dayText(range.to - 1));
  const fromId = useId();
  const toId = useId();
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const chosen = customRange(from, to);
    if (typeof chosen === 'string') notify.error(chosen);
    else onCustom(from, to);
  };
  return (
    <div className={styles.range}>
      <div role="group" aria-label="Range" className={styles.presets}>
        {PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={preset === p.id}
            onClick={() => onPreset(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <form onSubmit={apply} className={styles.custom}>
        <label htmlFor={fromId}>From</label>
        <input id={fromId} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <label htmlFor={toId}>To</label>
        <input id={toId} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="submit">Show</button>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
