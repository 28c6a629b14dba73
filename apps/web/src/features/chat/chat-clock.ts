import { serverNow, useTicking } from '../../lib/server-clock';

/** Ages are in minutes; re-reading the clock every 10 s keeps 'now' and 'N min' current. */
const AGE_TICK_MS = 10_000;
const readNow = () => serverNow();

/** The station's time in epoch seconds, refreshed for the age labels. */
export const useChatNow = () => useTicking(readNow, AGE_TICK_MS);
