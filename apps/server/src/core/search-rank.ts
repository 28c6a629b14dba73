/** A song that matched every word of a search, with the document it matched in. */
export interface SearchCandidate {
  id: number;
  /** Its title and artist names, folded (lower case, no accents). */
  document: string;
}

/**
 * The order of search results. Every candidate has each query word as the start of one of its
 * words; first come those where more query words are whole words ('neon' before 'neonlight'
 * for "neon"), then those where the words come in the query's order, then the shorter
 * document (the title and artist the words name, rather than a long medley), then the older
 * song. Answers the ids of the best `limit`.
 */
export function rankSearchMatches(
  tokens: readonly string[],
  candidates: readonly SearchCandidate[],
  limit: number,
): number[] {
  const scored = candidates.map((c) => {
    const words: string[] = c.document.match(/[\p{L}\p{N}]+/gu) ?? [];
    let whole = 0;
    let inOrder = 0;
    let at = -1;
    for (const token of tokens) {
      if (words.includes(token)) whole++;
      const next = words.findIndex((w, i) => i > at && w.startsWith(token));
      if (next > at) {
        inOrder++;
        at = next;
      }
    }
    return { id: c.id, whole, inOrder, length: c.document.length };
  });
  scored.sort(
    (a, b) => b.whole - a.whole || b.inOrder - a.inOrder || a.length - b.length || a.id - b.id,
  );
  return scored.slice(0, limit).map((s) => s.id);
}
