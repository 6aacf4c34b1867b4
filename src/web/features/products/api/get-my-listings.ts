import { useInfiniteQuery } from '@tanstack/react-query';
import type { MyListingsResponse } from '#domain/products/product.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { listingKeys } from './query-keys.ts';

export function fetchListings(userId: string, page: number, signal?: AbortSignal) {
  return apiRequest<MyListingsResponse>(`/products/my-listings/${encodeURIComponent(userId)}`, {
    query: { page },
    signal,
  });
}

/**
 * A user's own listings, newest first, page by page (for an admin asking about themselves the
 * server answers with every product, spec 6, so this list can be long).
 */
export function useListings(userId: string) {
  return useInfiniteQuery({
    queryKey: listingKeys.ofUser(userId),
    queryFn: ({ pageParam, signal }) => fetchListings(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });
}
