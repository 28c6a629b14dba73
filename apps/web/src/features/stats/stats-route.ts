import { route } from '@queuecast/contract';

/** The station's statistics: every panel for staff, the public ones for everyone. */
export const STATS_PAGE = route('/stats');
