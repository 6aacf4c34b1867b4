import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserReviewsResponse } from '#domain/reviews/review.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { reviewKeys } from './query-keys.ts';

/** GET /reviews/users/{userId}: a user's rating and the reviews they received, newest first, a page at a time. */
export function useUserReviews(userId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.ofUser(userId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<UserReviewsResponse>(`/reviews/users/${encodeURIComponent(userId)}`, { query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });
}
