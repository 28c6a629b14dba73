/** A page button: a page number (1-based) or a gap between numbers. */
export type PageItem = number | 'gap';

/**
 * Page numbers to show: always the first and last, the current with `around` neighbours each
 * side, and a gap where numbers are left out (a gap never stands for a single page).
 */
export function pageList(totalPages: number, current: number, around = 2): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const shown = new Set<number>([1, totalPages]);
  for (let p = current - around; p <= current + around; p++) {
    if (p >= 1 && p <= totalPages) shown.add(p);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

export interface PageInfo {
  page: number;
  totalPages: number;
  offset: number;
}

/** Which page an offset falls on, for a total and a page size. */
export function pageInfo(offset: number, total: number, pageSize: number): PageInfo {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(totalPages, Math.floor(Math.max(0, offset) / pageSize) + 1);
  return { page, totalPages, offset: (page - 1) * pageSize };
}

/** The `offset` query value as a whole, non-negative number (junk means 0). */
export function parseOffset(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
