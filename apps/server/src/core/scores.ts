/** A song's average vote, rounded to two decimals, or null without votes. */
export function averageVote(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 100) / 100 : null;
}
