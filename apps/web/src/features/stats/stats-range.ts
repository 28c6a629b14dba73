/** A range of the statistics: epoch seconds, `from` included, `to` not. */
export interface StatsRange {
  from: number;
  to: number;
}

export const PRESETS = [
  { id: '24h', label: '24 hours', seconds: 86_400 },
  { id: '7d', label: '7 days', seconds: 7 * 86_400 },
  { id: '30d', label: '30 days', seconds: 30 * 86_400 },
  { id: '1y', label: '1 year', seconds: 365 * 86_400 },
] as const;
export type PresetId = (typeof PRESETS)[number]['id'];

/** The longest range the station answers (two years and a leap day). */
export const MAX_RANGE_S = (2 * 365 + 1) * 86_400;
export const RANGE_TOO_LONG = 'Choose a range of at most two years.';
export const RANGE_BACKWARDS = 'The range must end after it starts.';

/** The panels of the page, as the station names them (the contract's STATS_PANELS). */
export const PANELS = [
  'listeners',
  'heatmap',
  'sessions',
  'activity',
  'top_songs',
  'top_artists',
  'top_platforms',
  'requesters',
  'chatters',
] as const;
export type Panel = (typeof PANELS)[number];

export const PANEL_TITLES: Record<Panel, string> = {
  listeners: 'Listeners',
  heatmap: 'Busiest hours',
  sessions: 'Listening sessions',
  activity: 'Requests, votes and chat',
  top_songs: 'Top songs',
  top_artists: 'Top artists',
  top_platforms: 'Top platforms',
  requesters: 'Top requesters',
  chatters: 'Chat activity',
};

/** A preset's range ending now (`now` in epoch seconds), rounded to the minute. */
export function presetRange(id: PresetId, now: number): StatsRange {
  const preset = PRESETS.find((p) => p.id === id) ?? PRESETS[0];
  const to = Math.ceil(now / 60) * 60;
  return { from: to - preset.seconds, to };
}

/** `yyyy-mm-dd` of a local day → epoch seconds of its start, or null. */
export function dayStart(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : Math.floor(date.getTime() / 1000);
}

/** Epoch seconds → the local day's `yyyy-mm-dd`. */
export function dayText(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The range of chosen days, both included (`to` is the end of the last day): the range or the
 * words that refuse it.
 */
export function customRange(fromDay: string, toDay: string): StatsRange | string {
  const from = dayStart(fromDay);
  const last = dayStart(toDay);
  if (from === null || last === null) return 'Choose both days.';
  const to = dayStart(dayText(last + 36 * 3600)) ?? last + 86_400;
  if (to <= from) return RANGE_BACKWARDS;
  if (to - from > MAX_RANGE_S) return RANGE_TOO_LONG;
  return { from, to };
}

/** The page's range from its address: `?range=7d`, or `?from=yyyy-mm-dd&to=yyyy-mm-dd`. */
export function rangeFromSearch(
  search: URLSearchParams,
  now: number,
): { range: StatsRange; preset: PresetId | null; error: string | null } {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to) {
    const custom = customRange(from, to);
    if (typeof custom !== 'string') return { range: custom, preset: null, error: null };
    return { range: presetRange('7d', now), preset: '7d', error: custom };
  }
  const preset = PRESETS.find((p) => p.id === search.get('range'))?.id ?? '7d';
  return { range: presetRange(preset, now), preset, error: null };
}

/** Session length buckets' labels from where each starts (seconds). */
export function bucketLabel(fromS: number, nextS: number | undefined): string {
  const text = (s: number) => (s >= 3600 ? `${s / 3600} h` : `${s / 60} min`);
  if (nextS === undefined) return `${text(fromS)} or more`;
  if (fromS === 0) return `Under ${text(nextS)}`;
  return `${text(fromS)} to ${text(nextS)}`;
}
