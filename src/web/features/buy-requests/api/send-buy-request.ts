import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';
import { productKeys } from '#web/features/products/api/query-keys.ts';
import { myBuyRequestsQuery } from './get-my-requests.ts';
import { buyRequestKeys } from './query-keys.ts';

export interface BuyRequestDraft {
  productId: string;
  /** Required without an offer; optional with one (issue 23). */
  buyerMessage?: string;
  /** Whole rupees: a request with an offer. */
  offerAmount?: number;
}

type Answer = { success: true; msg: string };

/**
 * What the caller does with the answer. These run with the mutation itself, not with the
 * component: the dialog may unmount while the product page reloads the buyer's statuses.
 */
export interface SendCallbacks {
  onSuccess?: (answer: Answer) => void;
  onError?: (error: unknown) => void;
}

/**
 * mark-interested; afterwards the set of requested listings, the buyer's statuses and the Show
 * Buy Requests list are stale. The statuses are fetched first, so that when the product page
 * learns the listing is requested it already has the new request to show, with no loading state
 * in between; only then does the caller hear of the success.
 */
export function useSendBuyRequest(callbacks: SendCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: BuyRequestDraft) =>
      apiRequest<Answer>('/interested/mark-interested', { method: 'POST', body: { ...draft } }),
    onSuccess: async (answer) => {
      // The request is sent either way; if its status cannot be loaded now, the page loads it itself.
      await queryClient.fetchQuery({ ...myBuyRequestsQuery, staleTime: 0 }).catch(() => undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: buyRequestKeys.all, predicate: (q) => q.queryKey[1] !== 'mine' }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]);
      callbacks.onSuccess?.(answer);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
