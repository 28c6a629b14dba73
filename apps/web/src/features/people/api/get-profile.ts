import { API, type Profile } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

export const getProfile = (username: string) => api<Profile>(API.profile.path({ username }));

/**
 * A person's page. Its lists name songs the viewer may see, so the key carries the viewer (a
 * listener sees their own songs waiting for review there; anonymous visitors do not). A 404 is
 * an answer, not a hiccup: it is not retried.
 */
export const profileQuery = (username: string, viewerId: number | null) =>
  queryOptions({
    queryKey: ['profile', username.toLowerCase(), viewerId],
    queryFn: () => getProfile(username),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });

export const useProfile = (username: string, viewerId: number | null) =>
  useQuery(profileQuery(username, viewerId));
