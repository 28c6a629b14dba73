import { API, type UploadResult } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { apiUpload, type UploadCallbacks } from '../../../lib/api-upload';

export interface UploadFileInput extends UploadCallbacks {
  songId: number;
  file: File;
}

/** Sends the audio file for a song as multipart fields `songid` and `file`. */
export function uploadSongFile({ songId, file, ...callbacks }: UploadFileInput) {
  const form = new FormData();
  form.append('songid', String(songId));
  form.append('file', file);
  return apiUpload<UploadResult>(API.upload.path(), form, callbacks);
}

/** Uploads a song's file; the song (its status, its file) and every list reload after. */
export function useUploadSongFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSongFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog }),
  });
}
