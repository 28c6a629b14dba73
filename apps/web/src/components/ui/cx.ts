/** Joins the class names that are set: `cx(styles.row, own && styles.own)`. */
export function cx(...names: (string | false | null | undefined)[]): string | undefined {
  return names.filter(Boolean).join(' ') || undefined;
}
