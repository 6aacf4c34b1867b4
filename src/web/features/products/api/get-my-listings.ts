import { useInfiniteQuery } from '@tanstack/react-query';
import type { MyListingsResponse } from '#domain/products/product.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { listingKeys } from './query-keys.ts';

/** The first page without a cursor; later ones with the nextCursor of the page before. */
export function fetchListings(userId: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<MyListingsResponse>(`/products/my-listings/${encodeURIComponent(userId)}`, {
    query: { cursor },
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
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
