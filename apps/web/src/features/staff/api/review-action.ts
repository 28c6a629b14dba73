import { API, type ReviewItem, type ReviewList, type ReviewOutcome } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { reviewDoneText, reviewFailedText, type ReviewAction } from '../review-text';
import { reviewsQuery } from './get-reviews';

export interface ReviewDecision {
  item: ReviewItem;
  action: ReviewAction;
}

export function decide({ item, action }: ReviewDecision) {
  const route = action === 'approve' ? API.reviewApprove : API.reviewReject;
  return api<ReviewOutcome>(route.path({ id: item.song_id }), { method: 'PUT' });
}

/**
 * Approves or rejects one item. It leaves the list at once; a refusal puts it back and says
 * why in a toast. The list and every song list reload after.
 */
export function useReviewAction() {
  const queryClient = useQueryClient();
  const { queryKey } = reviewsQuery();
  return useMutation({
    mutationFn: decide,
    onMutate: async ({ item }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (list: ReviewList | undefined) =>
        list ? { items: list.items.filter((i) => i.song_id !== item.song_id) } : list,
      );
      return { before };
    },
    onError: (err, { action }, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      notify.error(errorText(err, reviewFailedText(action)));
    },
    onSuccess: (outcome, { item, action }) =>
      notify.success(reviewDoneText(action, item.title, outcome)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalog }),
      ]),
  });
}
