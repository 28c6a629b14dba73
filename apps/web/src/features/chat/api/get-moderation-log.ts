import { API, type ModerationLog } from '@queuecast/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Entries per page of the admins' log. */
export const MODERATION_LOG_PAGE = 25;

/** GET /api/moderation/log (admins): newest first; `fromId` pages to older entries. */
export const getModerationLog = (fromId: number | undefined) =>
  api<ModerationLog>(API.moderationLog.path({ limit: MODERATION_LOG_PAGE, from_id: fromId }));

/** The next page starts below the oldest id shown; a short page was the last one. */
export const nextLogFromId = (page: ModerationLog): number | undefined =>
  page.entries.length < MODERATION_LOG_PAGE ? undefined : page.entries.at(-1)?.id;

export const useModerationLog = () =>
  useInfiniteQuery({
    queryKey: ['moderation', 'log'],
    queryFn: ({ pageParam }) => getModerationLog(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextLogFromId,
  });
