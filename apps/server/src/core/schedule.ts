/*
 * The schedule's slots: a show's first slot starts at `startsAt` and lasts `minutes`; a weekly
 * show repeats it every seven days. Pure: the times come in as epoch seconds.
 */

export const WEEK_S = 7 * 86_400;

export interface Plan {
  id: number;
  startsAt: number;
  minutes: number;
  weekly: boolean;
}

export interface Slot<P extends Plan> {
  show: P;
  startsAt: number;
  endsAt: number;
}

/** The slots of `shows` that overlap [from, to), in start order (then by show id). */
export function slotsBetween<P extends Plan>(
  shows: readonly P[],
  from: number,
  to: number,
): Slot<P>[] {
  const slots: Slot<P>[] = [];
  for (const show of shows) {
    const length = show.minutes * 60;
    if (!show.weekly) {
      if (show.startsAt < to && show.startsAt + length > from) {
        slots.push({ show, startsAt: show.startsAt, endsAt: show.startsAt + length });
      }
      continue;
    }
    // The first repetition that may still be running at `from`.
    const skip = Math.max(0, Math.ceil((from - length - show.startsAt) / WEEK_S));
    for (let start = show.startsAt + skip * WEEK_S; start < to; start += WEEK_S) {
      if (start + length > from) slots.push({ show, startsAt: start, endsAt: start + length });
    }
  }
  return slots.sort((a, b) => a.startsAt - b.startsAt || a.show.id - b.show.id);
}

/** The slot running at `now` (the latest started, should two overlap), or null. */
export function slotAt<P extends Plan>(shows: readonly P[], now: number): Slot<P> | null {
  const running = slotsBetween(shows, now, now + 1).filter((s) => s.startsAt <= now);
  return running.at(-1) ?? null;
}

/** The next slot to start after `now` (within a week and a day), or null. */
export function nextSlot<P extends Plan>(shows: readonly P[], now: number): Slot<P> | null {
  return slotsBetween(shows, now, now + WEEK_S + 86_400).find((s) => s.startsAt > now) ?? null;
}

/**
 * Whether a DJ's show lets them on air at `now`: from `earlySeconds` before one of its slots
 * to that slot's end.
 */
export function inLiveWindow(shows: readonly Plan[], now: number, earlySeconds: number): boolean {
  return liveWindowShow(shows, now, earlySeconds) !== null;
}

/** The show whose live window (as `inLiveWindow` counts it) holds `now`, if any. */
export function liveWindowShow<P extends Plan>(
  shows: readonly P[],
  now: number,
  earlySeconds: number,
): P | null {
  const slot = slotsBetween(shows, now, now + earlySeconds + 1).find(
    (s) => s.startsAt - earlySeconds <= now && now < s.endsAt,
  );
  return slot?.show ?? null;
}
