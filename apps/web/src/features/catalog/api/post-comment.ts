import { API, type CommentCreated } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export interface PostCommentInput {
  songId: number;
  comment: string;
}

export const postComment = ({ songId, comment }: PostCommentInput) =>
  api<CommentCreated>(API.songComment.path({ id: songId }), {
    method: 'POST',
    body: { comment },
  });

/** Posts a comment; the song page and the recent-comments list reload. */
export function usePostComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postComment,
    onSuccess: (_r, { songId }) => {
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.catalog, 'song', songId] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments });
    },
  });
}
