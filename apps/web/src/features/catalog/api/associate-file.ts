import { API, type FileAnswer } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const associateFile = ({ fileid, songId }: { fileid: number; songId: number }) =>
  api<FileAnswer>(API.fileAssociate.path({ fileid }), { method: 'PUT', body: { songId } });

/**
 * Gives a song a file (taken from another song if it had one). The songs reload with their
 * new status and file, here and in every list.
 */
export function useAssociateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: associateFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog }),
  });
}
