import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MyBuyRequest, MyBuyRequestsResponse } from '#domain/buy-requests/buy-request.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { buyRequestKeys } from './query-keys.ts';

export function fetchMyBuyRequests(signal?: AbortSignal) {
  return apiRequest<MyBuyRequestsResponse>('/interested/my-requests', { signal }).then((answer) => answer.requests);
}

export const myBuyRequestsQuery = queryOptions({
  queryKey: buyRequestKeys.mine,
  queryFn: ({ signal }) => fetchMyBuyRequests(signal),
});

/**
 * The caller's own requests (latest per listing) and a lookup by product id: what became of
 * each request, for the detail page's status and the Show Buy Requests badges. Which listings
 * were requested at all comes from useRequestedProducts.
 */
export function useMyBuyRequests(options: { enabled?: boolean } = {}) {
  const query = useQuery({ ...myBuyRequestsQuery, enabled: options.enabled ?? true });
  const byProduct = useMemo(
    () => new Map<string, MyBuyRequest>((query.data ?? []).map((request) => [request.productId, request])),
    [query.data],
  );
  return { ...query, byProduct };
}
