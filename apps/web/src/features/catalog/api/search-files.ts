import { API, type FileList } from '@queuecast/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const searchFiles = async (term: string) =>
  (await api<FileList>(API.fileSearch.path({ q: term.trim() }))).files;

/** Audio files whose name matches `term` (staff); nothing is asked until there is a term. */
export const useFileSearch = (term: string | null) =>
  useQuery({
    queryKey: ['files', 'search', term],
    queryFn: () => searchFiles(term ?? ''),
    enabled: term !== null,
    retry: false,
  });
