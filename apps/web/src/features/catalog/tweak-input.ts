/** A tweak field as typed: a whole number of seconds, anything else counting as 0. */
export function tweakSeconds(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
