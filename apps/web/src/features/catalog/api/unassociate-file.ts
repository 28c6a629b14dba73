import { API, type FileAnswer } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';
import { findSongFile } from '../file-panel-rules';
import { searchFiles } from './search-files';

/** Why an unassociation did not happen; each step has its own message. */
export class UnassociateFailure extends Error {
  constructor(
    readonly step: 'find' | 'missing' | 'unassociate',
    cause?: unknown,
  ) {
    super(step, { cause });
    this.name = 'UnassociateFailure';
  }
}

/**
 * Takes the song's file away from it: the file is found by its name among the files, then
 * left without a song. The songs reload without it.
 */
export async function unassociateSongFile({
  songId,
  filename,
}: {
  songId: number;
  filename: string;
}): Promise<FileAnswer> {
  let files;
  try {
    files = await searchFiles(filename);
  } catch (err) {
    throw new UnassociateFailure('find', err);
  }
  const file = findSongFile(files, songId, filename);
  if (!file) throw new UnassociateFailure('missing');
  try {
    return await api<FileAnswer>(API.fileUnassociate.path({ fileid: file.fileid }), {
      method: 'PUT',
    });
  } catch (err) {
    throw new UnassociateFailure('unassociate', err);
  }
}

export function useUnassociateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassociateSongFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog }),
  });
}
