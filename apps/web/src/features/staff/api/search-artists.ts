import { API, type ArtistSuggestion, type ArtistSuggestions } from '@queuecast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The add-song form asks the server after the artist box stays still this long. */
export const ARTIST_SEARCH_DEBOUNCE_MS = 250;
const SUGGESTIONS = 10;

export async function searchArtists(term: string): Promise<ArtistSuggestion[]> {
  const path = API.artistSearch.path({ q: term.trim(), limit: SUGGESTIONS });
  return (await api<ArtistSuggestions>(path)).artists;
}

/**
 * Artists whose name starts with (or contains) `term`, already debounced by the caller. The
 * last suggestions stay while the next ones load, so the list does not flicker.
 */
export const useArtistSearch = (term: string) =>
  useQuery({
    queryKey: ['staff', 'artist-search', term.trim()],
    queryFn: () => searchArtists(term),
    enabled: term.trim().length > 0,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
