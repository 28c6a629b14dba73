import { z } from 'zod';

/** GET /api/messages/unread/count. */
export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
