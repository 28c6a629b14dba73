import type { TagCounts } from '@queuecast/contract';

export const TAG_FONT_MIN_REM = 0.75;
export const TAG_FONT_MAX_REM = 1.5;

export interface ScaledTag {
  tag: string;
  count: number;
  /** Font size in rem, 0.75 for the rarest tag up to 1.5 for the most used. */
  size: number;
  bold: boolean;
}

/**
 * Sizes a tag cloud by count: linear between the smallest and the largest count;
 * bold above `boldAbove` of the largest (half in the tag cloud, 70 % among related tags).
 */
export function scaleTags(counts: TagCounts, boldAbove: number): ScaledTag[] {
  const entries = Object.entries(counts);
  if (entries.length === 0) return [];
  const values = entries.map(([, n]) => n);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return entries.map(([tag, count]) => ({
    tag,
    count,
    size: tagFontSize(count, min, max),
    bold: count > max * boldAbove,
  }));
}

export function tagFontSize(count: number, min: number, max: number): number {
  const ratio = max > min ? (count - min) / (max - min) : 1;
  const size = TAG_FONT_MIN_REM + ratio * (TAG_FONT_MAX_REM - TAG_FONT_MIN_REM);
  return Math.round(size * 1000) / 1000;
}

/** Related tags, most shared first (ties by name), at most `limit`. */
export function topTags(counts: TagCounts, limit: number): [string, number][] {
  return Object.entries(counts)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit);
}
