import { route } from '@queuecast/contract';

/** Staff's dashboard: how the station is doing (its backups, for now). */
export const DASHBOARD_PAGE = route('/dashboard');
