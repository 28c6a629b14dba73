import type { ActivityStats, ListenerSeries, SessionStats } from '@queuecast/contract';
import { useMemo } from 'react';
import { formatLength, plural } from '../../../lib/format';
import {
  downloadCsv,
  useActivityStats,
  useHeatmap,
  useListenerSeries,
  useSessionStats,
} from '../api/stats-queries';
import { bucketLabel, type StatsRange } from '../stats-range';
import styles from '../stats.module.css';
import { BarList } from './bar-list';
import { Heatmap } from './heatmap';
import { StatsPanel } from './stats-panel';
import { TimeChart } from './time-chart';
import type { ChartData } from './uplot-chart';

const COLORS = {
  total: '#58b4ff',
  band: 'rgba(88, 180, 255, 0.2)',
  mp3: '#ffc940',
  hls: '#3ccf7c',
  sites: '#ff5577',
  requests: '#58b4ff',
  votes: '#ffc940',
  chat: '#3ccf7c',
};
const OUTPUT_NAMES = { mp3: 'MP3', hls: 'HLS' } as const;
const CLIENT_NAMES = {
  browser: 'Browsers',
  app: 'Apps',
  player: 'Media players',
  bot: 'Bots',
  other: 'Other',
} as const;

export function ListenersPanel({ range }: { range: StatsRange }) {
  const query = useListenerSeries(range, true);
  return (
    <StatsPanel
      panel="listeners"
      query={query}
      isEmpty={(s) => s.points.length === 0}
      download={() => downloadCsv('listeners', range)}
    >
      {(series) => <ListenersChart series={series} />}
    </StatsPanel>
  );
}

function ListenersChart({ series }: { series: ListenerSeries }) {
  const data = useMemo<ChartData>(() => {
    const p = series.points;
    return {
      x: p.map((v) => v.t),
      band: {
        label: 'Listeners',
        min: p.map((v) => v.min),
        max: p.map((v) => v.max),
        color: COLORS.band,
      },
      lines: [
        { label: 'Average', values: p.map((v) => v.avg), color: COLORS.total },
        { label: 'MP3', values: p.map((v) => v.mp3 + v.relay), color: COLORS.mp3 },
        { label: 'HLS', values: p.map((v) => v.hls), color: COLORS.hls },
        { label: 'Site', values: p.map((v) => v.sites), color: COLORS.sites },
      ],
      height: 240,
    };
  }, [series]);
  const peak = Math.max(...series.points.map((p) => p.max));
  const average = series.points.reduce((n, p) => n + p.avg, 0) / series.points.length;
  return (
    <>
      <p className={styles.summary}>
        Average {average.toFixed(1)}, peak {peak}, by the {series.resolution}.
      </p>
      <TimeChart
        label={`Listeners by the ${series.resolution}: average ${average.toFixed(1)}, peak ${peak}`}
        data={data}
      />
    </>
  );
}

export function HeatmapPanel({ range }: { range: StatsRange }) {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const query = useHeatmap(range, tz, true);
  return (
    <StatsPanel
      panel="heatmap"
      query={query}
      isEmpty={(h) => h.cells.every((row) => row.every((v) => v === null))}
      download={() => downloadCsv('heatmap', range, { tz })}
    >
      {(heatmap) => <Heatmap cells={heatmap.cells} tz={heatmap.tz} />}
    </StatsPanel>
  );
}

export function SessionsPanel({ range }: { range: StatsRange }) {
  const query = useSessionStats(range, true);
  return (
    <StatsPanel
      panel="sessions"
      query={query}
      isEmpty={(s) => s.sessions === 0}
      download={() => downloadCsv('sessions', range)}
    >
      {(stats) => <Sessions stats={stats} />}
    </StatsPanel>
  );
}

function Sessions({ stats }: { stats: SessionStats }) {
  const share = (n: number) => `${Math.round((n / Math.max(1, stats.sessions)) * 100)}%`;
  return (
    <>
      <p className={styles.summary}>
        {plural(stats.sessions, 'session')}, {Math.round(stats.seconds / 3600)} hours listened,{' '}
        {formatLength(Math.round(stats.seconds / Math.max(1, stats.sessions)))} on average;{' '}
        {plural(stats.visitor_days, 'listener-day')}.
      </p>
      <div className={styles.columns}>
        <div>
          <h3>Length</h3>
          <BarList
            label="Sessions by length"
            bars={stats.lengths.map((l, i) => ({
              label: bucketLabel(l.from_s, stats.lengths[i + 1]?.from_s),
              value: l.sessions,
              text: String(l.sessions),
            }))}
          />
        </div>
        <div>
          <h3>Outputs</h3>
          <BarList
            label="Sessions by output"
            bars={stats.outputs.map((o) => ({
              label: OUTPUT_NAMES[o.output],
              value: o.sessions,
              text: share(o.sessions),
            }))}
          />
          <h3>Clients</h3>
          <BarList
            label="Sessions by client"
            bars={stats.clients.map((c) => ({
              label: CLIENT_NAMES[c.client],
              value: c.sessions,
              text: share(c.sessions),
            }))}
          />
        </div>
      </div>
    </>
  );
}

export function ActivityPanel({ range }: { range: StatsRange }) {
  const query = useActivityStats(range, true);
  return (
    <StatsPanel
      panel="activity"
      query={query}
      isEmpty={(a) => a.points.length === 0}
      download={() => downloadCsv('activity', range)}
    >
      {(activity) => <ActivityChart activity={activity} />}
    </StatsPanel>
  );
}

function ActivityChart({ activity }: { activity: ActivityStats }) {
  const data = useMemo<ChartData>(() => {
    const p = activity.points;
    return {
      x: p.map((v) => v.t),
      lines: [
        { label: 'Requests', values: p.map((v) => v.requests), color: COLORS.requests },
        { label: 'Votes', values: p.map((v) => v.votes), color: COLORS.votes },
        { label: 'Chat lines', values: p.map((v) => v.chat_lines), color: COLORS.chat },
      ],
      height: 200,
    };
  }, [activity]);
  const sum = (k: 'requests' | 'votes' | 'chat_lines') =>
    activity.points.reduce((n, p) => n + p[k], 0);
  const text = `${plural(sum('requests'), 'request')}, ${plural(sum('votes'), 'vote')}, ${plural(sum('chat_lines'), 'chat line')}`;
  return (
    <>
      <p className={styles.summary}>
        {text}, by the {activity.resolution}.
      </p>
      <TimeChart
        label={`Requests, votes and chat lines by the ${activity.resolution}: ${text}`}
        data={data}
      />
    </>
  );
}
