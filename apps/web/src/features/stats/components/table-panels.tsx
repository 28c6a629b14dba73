import type { PeopleStats, TopStats } from '@queuecast/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PAGES } from '@queuecast/contract';
import { Table } from '../../../components/ui/table';
import { UserLink } from '../../../components/user-link';
import {
  downloadCsv,
  usePeopleStats,
  useTopStats,
  type TopKind,
  type TopMeasure,
} from '../api/stats-queries';
import type { StatsRange } from '../stats-range';
import styles from '../stats.module.css';
import { StatsPanel } from './stats-panel';

const MEASURES: { id: TopMeasure; label: string }[] = [
  { id: 'plays', label: 'Plays' },
  { id: 'requests', label: 'Requests' },
  { id: 'votes', label: 'Votes' },
  { id: 'gain', label: 'Listener gain' },
];
const PANEL_OF = {
  songs: 'top_songs',
  artists: 'top_artists',
  platforms: 'top_platforms',
} as const;
const NOUN = { songs: 'Song', artists: 'Artist', platforms: 'Platform' } as const;

export function TopPanel({ range, kind }: { range: StatsRange; kind: TopKind }) {
  const [by, setBy] = useState<TopMeasure>('plays');
  const query = useTopStats(range, kind, by, true);
  const selectId = useId();
  return (
    <StatsPanel
      panel={PANEL_OF[kind]}
      query={query}
      isEmpty={(t) => t.rows.length === 0}
      download={() => downloadCsv(PANEL_OF[kind], range, { by })}
      controls={
        <label htmlFor={selectId} className={styles.by}>
          By{' '}
          <select id={selectId} value={by} onChange={(e) => setBy(e.target.value as TopMeasure)}>
            {MEASURES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {(top) => <TopTable top={top} />}
    </StatsPanel>
  );
}

function nameLink(top: TopStats, row: TopStats['rows'][number]) {
  if (top.kind === 'songs') return <Link to={PAGES.song.path({ id: row.id })}>{row.name}</Link>;
  if (top.kind === 'artists') return <Link to={PAGES.artist.path({ id: row.id })}>{row.name}</Link>;
  return <Link to={PAGES.platform.path({ platform: row.name })}>{row.name}</Link>;
}

function TopTable({ top }: { top: TopStats }) {
  return (
    <Table label={`Top ${top.kind} by ${top.by}`} className={styles.top}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{NOUN[top.kind]}</th>
          {MEASURES.map((m) => (
            <th
              key={m.id}
              scope="col"
              className={styles.number}
              aria-sort={m.id === top.by ? 'descending' : undefined}
            >
              {m.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {top.rows.map((row, i) => (
          <tr key={row.id}>
            <td>{i + 1}</td>
            <td className={styles.name}>{nameLink(top, row)}</td>
            <td className={styles.number}>{row.plays}</td>
            <td className={styles.number}>{row.requests}</td>
            <td className={styles.number}>{row.votes}</td>
            <td className={styles.number}>{row.gain > 0 ? `+${row.gain}` : row.gain}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function PeoplePanel({
  range,
  list,
}: {
  range: StatsRange;
  list: 'requesters' | 'chatters';
}) {
  const query = usePeopleStats(range, true);
  return (
    <StatsPanel
      panel={list}
      query={query}
      isEmpty={(p) => p[list].length === 0}
      download={() => downloadCsv(list, range)}
    >
      {(people) => <PeopleTable people={people} list={list} />}
    </StatsPanel>
  );
}

function PeopleTable({ people, list }: { people: PeopleStats; list: 'requesters' | 'chatters' }) {
  const what = list === 'requesters' ? 'Requests' : 'Chat lines';
  return (
    <Table label={list === 'requesters' ? 'Top requesters' : 'Top chatters'} className={styles.top}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Listener</th>
          <th scope="col" className={styles.number}>
            {what}
          </th>
        </tr>
      </thead>
      <tbody>
        {people[list].map((row, i) => (
          <tr key={row.id}>
            <td>{i + 1}</td>
            <td className={styles.name}>
              <UserLink username={row.name} />
            </td>
            <td className={styles.number}>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
