import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RequestedProductIdsResponse } from '#domain/buy-requests/buy-request.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { useSession } from '#web/features/auth/api/session.ts';
import { buyRequestKeys } from './query-keys.ts';

export function fetchRequestedProductIds(userId: string, signal?: AbortSignal) {
  return apiRequest<RequestedProductIdsResponse>(`/wishlist/get-buy-requests/${encodeURIComponent(userId)}`, {
    signal,
  }).then((answer) => answer.buyRequests);
}

export function requestedProductsQuery(userId: string) {
  return queryOptions({
    queryKey: buyRequestKeys.requested(userId),
    queryFn: ({ signal }) => fetchRequestedProductIds(userId, signal),
  });
}

/**
 * Which listings the signed-in student has sent a buy request for (spec 3's "buy requests for
 * the current user"), as a set of product ids. Admins send none, so they never ask.
 */
export function useRequestedProducts() {
  const { data: user } = useSession();
  const userId = user && !user.isAdmin ? user._id : null;
  const query = useQuery({ ...requestedProductsQuery(userId ?? ''), enabled: userId !== null });
  const ids = useMemo(() => new Set(query.data ?? []), [query.data]);
  return { ...query, ids };
}
