import type { StatsCsvQuery } from '@queuecast/contract';
import { stringify } from 'csv-stringify/sync';
import type { StatsTablesService } from './stats-tables.service.js';
import type { StatsService } from './stats.service.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * One panel's figures as CSV: the rows its chart or table shows, with a header line. Names
 * that would start a spreadsheet formula are escaped.
 */
export async function statsCsv(
  query: StatsCsvQuery,
  stats: StatsService,
  tables: StatsTablesService,
): Promise<string> {
  const csv = (rows: (string | number | null)[][]) =>
    stringify(rows, { escape_formulas: true, record_delimiter: 'unix' });
  switch (query.panel) {
    case 'listeners': {
      const series = await stats.listeners(query);
      return csv([
        ['time', 'average', 'min', 'max', 'mp3', 'relay', 'hls', 'sites'],
        ...series.points.map((p) => [
          iso(p.t),
          p.avg,
          p.min,
          p.max,
          p.mp3,
          p.relay,
          p.hls,
          p.sites,
        ]),
      ]);
    }
    case 'heatmap': {
      const heatmap = await tables.heatmap(query);
      return csv([
        ['weekday', 'hour', 'average'],
        ...heatmap.cells.flatMap((row, d) => row.map((avg, h) => [WEEKDAYS[d]!, h, avg])),
      ]);
    }
    case 'sessions': {
      const s = await stats.sessions(query);
      return csv([
        ['group', 'value', 'sessions', 'seconds'],
        ...s.lengths.map((l) => ['length_from_s', l.from_s, l.sessions, null]),
        ...s.outputs.map((o) => ['output', o.output, o.sessions, o.seconds]),
        ...s.clients.map((c) => ['client', c.client, c.sessions, c.seconds]),
      ]);
    }
    case 'activity': {
      const a = await stats.activity(query);
      return csv([
        ['time', 'requests', 'votes', 'chat_lines'],
        ...a.points.map((p) => [iso(p.t), p.requests, p.votes, p.chat_lines]),
      ]);
    }
    case 'top_songs':
    case 'top_artists':
    case 'top_platforms': {
      const kind =
        query.panel === 'top_songs'
          ? 'songs'
          : query.panel === 'top_artists'
            ? 'artists'
            : 'platforms';
      const top = await tables.top({ ...query, kind });
      return csv([
        ['rank', 'id', 'name', 'plays', 'requests', 'votes', 'gain'],
        ...top.rows.map((r, i) => [i + 1, r.id, r.name, r.plays, r.requests, r.votes, r.gain]),
      ]);
    }
    case 'requesters':
    case 'chatters': {
      const people = await tables.people(query);
      const rows = query.panel === 'requesters' ? people.requesters : people.chatters;
      return csv([
        ['rank', 'id', 'username', query.panel === 'requesters' ? 'requests' : 'chat_lines'],
        ...rows.map((r, i) => [i + 1, r.id, r.name, r.count]),
      ]);
    }
  }
}
