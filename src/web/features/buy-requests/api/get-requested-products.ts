import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { RequestedProductIdsResponse } from '#domain/buy-requests/buy-request.wire.ts';
import { buyRequestMessages } from '#domain/messages.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { useSession } from '#web/features/auth/api/session.ts';
import { buyRequestKeys } from './query-keys.ts';

export function fetchRequestedProductIds(userId: string, signal?: AbortSignal) {
  return apiRequest<RequestedProductIdsResponse>(`/wishlist/get-buy-requests/${encodeURIComponent(userId)}`, {
    signal,
  }).then((answer) => answer.buyRequests);
}

/**
 * Which listings the signed-in student has sent a buy request for (spec 3's "buy requests for
 * the current user"), as a set of product ids. Admins send none, so they never ask.
 */
export function useRequestedProducts() {
  const { data: user } = useSession();
  const userId = user && !user.isAdmin ? user._id : null;
  const query = useQuery({
    queryKey: buyRequestKeys.requested(userId ?? ''),
    queryFn: ({ signal }) => fetchRequestedProductIds(userId ?? '', signal),
    enabled: userId !== null,
  });
  const ids = useMemo(() => new Set(query.data ?? []), [query.data]);
  return { ...query, ids };
}

/**
 * Loads the set once the session is known (spec 4: "then loads the wishlist and a further data
 * set") and says so when it cannot: 'Error in getting the products', or the server's msg or
 * network error's message (spec 8).
 */
export function useLoadRequestedProducts(): void {
  const { isError, error } = useRequestedProducts();
  useEffect(() => {
    if (isError) toast.error(serverOrNetworkMessageOf(error, buyRequestMessages.fetchProductsFailed));
  }, [isError, error]);
}
