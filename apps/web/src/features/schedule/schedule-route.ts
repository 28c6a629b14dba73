import { route } from '@queuecast/contract';

/** The schedule page, `/schedule?from=<epoch s>` (the first day shown; default: today). */
export const SCHEDULE_PAGE = route('/schedule');

/** A planned show's page: what it is, when it is next on, and its recordings. */
export const SHOW_PAGE = route('/show/:id');
