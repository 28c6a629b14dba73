import { API, type PlatformNames } from '@queuecast/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getSongPlatforms = async (): Promise<string[]> =>
  (await api<PlatformNames>(API.songPlatforms.path())).platforms;

/** Every known platform name: the add-song form suggests them and accepts only them. */
export const useSongPlatforms = () =>
  useQuery({
    queryKey: ['staff', 'platform-names'],
    queryFn: getSongPlatforms,
    staleTime: 5 * 60_000,
  });
