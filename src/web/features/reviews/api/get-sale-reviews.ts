import { useQuery } from '@tanstack/react-query';
import type { SaleReviews } from '#domain/reviews/review.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { reviewKeys } from './query-keys.ts';

/** GET /reviews/sales/{productId}: a sale as its buyer or seller sees it; ask only when the caller is one of them. */
export function useSaleReviews(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.sale(productId),
    queryFn: ({ signal }) => apiRequest<SaleReviews>(`/reviews/sales/${encodeURIComponent(productId)}`, { signal }),
    enabled,
  });
}
