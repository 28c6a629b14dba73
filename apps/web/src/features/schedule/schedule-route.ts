import { route } from '@queuecast/contract';

/** The schedule page, `/schedule?from=<epoch s>` (the first day shown; default: today). */
export const SCHEDULE_PAGE = route('/schedule');
