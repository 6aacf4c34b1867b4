import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';
import { productKeys } from '#web/features/products/api/query-keys.ts';
import { myBuyRequestsQuery } from './get-my-requests.ts';
import { buyRequestKeys } from './query-keys.ts';

export interface BuyRequestDraft {
  productId: string;
  buyerMessage: string;
}

/**
 * mark-interested; afterwards the set of requested listings, the buyer's statuses and the Show
 * Buy Requests list are stale. The statuses are fetched before the caller hears of the success,
 * so the product page shows the new request at once, without a loading state in between.
 */
export function useSendBuyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: BuyRequestDraft) =>
      apiRequest<{ success: true; msg: string }>('/interested/mark-interested', { method: 'POST', body: { ...draft } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buyRequestKeys.all }),
        queryClient.prefetchQuery(myBuyRequestsQuery),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}
