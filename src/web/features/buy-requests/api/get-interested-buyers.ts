import { useQuery } from '@tanstack/react-query';
import type { InterestedBuyersResponse } from '#domain/buy-requests/buy-request.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { buyRequestKeys } from './query-keys.ts';

export function fetchInterestedBuyers(productId: string, sellerId: string, signal?: AbortSignal) {
  return apiRequest<InterestedBuyersResponse>('/interested/get-buy-requests', {
    query: { productId, sellerId },
    signal,
  }).then((answer) => answer.buyRequests);
}

/**
 * The open requests on one of the seller's listings. Nothing is kept once the dialog closes, so
 * each opening loads the list afresh (spec 2) instead of showing an old copy first.
 */
export function useInterestedBuyers(productId: string, sellerId: string) {
  return useQuery({
    queryKey: buyRequestKeys.interested(productId),
    queryFn: ({ signal }) => fetchInterestedBuyers(productId, sellerId, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}
