import type { Tweak } from '@queuecast/contract';

/**
 * Why a tweak does not fit a song of `length` seconds, or null when it does: what is skipped
 * and played must lie within the song, and the fade within what is played. A song whose length
 * is not known (0) takes any tweak; playout stops at the file's end anyway.
 */
export function tweakRefusal(tweak: Tweak, length: number): string | null {
  const total = Math.floor(length);
  if (total > 0) {
    if (tweak.h_skip >= total) {
      return `h_skip must be less than the song's length (${total} s).`;
    }
    if (tweak.h_skip + tweak.h_length > total) {
      return `h_skip + h_length must be at most the song's length (${total} s).`;
    }
  }
  const plays = tweak.h_length > 0 ? tweak.h_length : total > 0 ? total - tweak.h_skip : Infinity;
  if (tweak.h_fadeout > plays) {
    return `h_fadeout must be at most what plays (${plays} s).`;
  }
  return null;
}
