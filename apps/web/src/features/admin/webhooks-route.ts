import { route } from '@queuecast/contract';

/** Admins: the station's webhooks and their delivery logs. */
export const WEBHOOKS_PAGE = route('/admin/webhooks');
