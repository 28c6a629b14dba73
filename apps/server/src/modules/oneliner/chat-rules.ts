/**
 * Masks every filtered word in a chat message, whole words only and whatever their case:
 * "Darn it" with "darn" filtered reads "**** it". The rest of the message is kept as written.
 */
export function maskWords(message: string, words: readonly string[]): string {
  const terms = words.map((w) => w.trim()).filter(Boolean);
  if (terms.length === 0) return message;
  const escaped = terms.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  return message.replace(pattern, (match) => '*'.repeat([...match].length));
}
