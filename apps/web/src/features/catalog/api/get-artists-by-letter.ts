import { API, type ArtistLetterList } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const getArtistsByLetter = (letter: string) =>
  api<ArtistLetterList>(API.artistsByLetter.path({ letter }));

export const artistsByLetterQuery = (letter: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalog, 'artists', letter],
    queryFn: () => getArtistsByLetter(letter),
  });

export const useArtistsByLetter = (letter: string | undefined) =>
  useQuery({ ...artistsByLetterQuery(letter ?? ''), enabled: letter !== undefined });
