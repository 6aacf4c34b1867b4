import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewResponse } from '#domain/reviews/review.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { reviewKeys } from './query-keys.ts';

export interface ReviewDraft {
  productId: string;
  /** Set when editing the caller's review. */
  reviewId?: string;
  rating: number;
  text: string;
}

/** POST /reviews, or PATCH /reviews/{id} for the author's edit; ratings on listings and profiles change with it. */
export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, reviewId, rating, text }: ReviewDraft) =>
      reviewId
        ? apiRequest<ReviewResponse>(`/reviews/${encodeURIComponent(reviewId)}`, { method: 'PATCH', body: { rating, text } })
        : apiRequest<ReviewResponse>('/reviews', { method: 'POST', body: { productId, rating, text } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['listings'] }),
      ]);
    },
  });
}
