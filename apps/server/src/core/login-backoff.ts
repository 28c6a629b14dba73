/**
 * How long one address must wait before its next password guess for one account: nothing for
 * the first `free` failures (typos), then 1 s, 2 s, 4 s … doubling with each further failure, up
 * to `maxSeconds`. Counted per account and address pair, so a stranger's guesses slow only the
 * stranger: the owner, from an address of their own, logs in as ever.
 */
export function loginBackoffSeconds(failures: number, free: number, maxSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(maxSeconds, 2 ** Math.min(failures - free, 30));
}
