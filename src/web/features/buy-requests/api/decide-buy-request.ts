import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';
import { invalidateProductData } from '#web/features/products/api/invalidate.ts';
import { buyRequestKeys } from './query-keys.ts';

export interface BuyRequestDecision {
  buyerId: string;
  productId: string;
  sellerId: string;
}

type Answer = { success: true; msg: string };

/**
 * What the caller does with the answer. These run with the mutation itself, not with the
 * component: the card (and its dialog) may unmount as soon as the listing shows as sold.
 */
export interface DecisionCallbacks {
  onSuccess?: (answer: Answer) => void;
  onError?: (error: unknown) => void;
}

/**
 * After an accept or a reject: products, the seller's listings and the buyer list reload (spec 4,
 * 7); after a refusal too, since the list was then out of date.
 */
function afterDecision(queryClient: QueryClient, productId: string) {
  return Promise.all([
    invalidateProductData(queryClient),
    queryClient.invalidateQueries({ queryKey: buyRequestKeys.interested(productId) }),
  ]);
}

/** Accept: POST /products/sold-out marks the listing sold to this buyer. */
export function useAcceptBuyRequest(callbacks: DecisionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: BuyRequestDecision) =>
      apiRequest<Answer>('/products/sold-out', { method: 'POST', body: { ...decision } }),
    onSuccess: (answer) => callbacks.onSuccess?.(answer),
    onError: (error) => callbacks.onError?.(error),
    onSettled: (_answer, _error, decision) => afterDecision(queryClient, decision.productId),
  });
}

export function useRejectBuyRequest(callbacks: DecisionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: BuyRequestDecision) =>
      apiRequest<Answer>('/interested/reject-buy-request', { method: 'POST', body: { ...decision } }),
    onSuccess: (answer) => callbacks.onSuccess?.(answer),
    onError: (error) => callbacks.onError?.(error),
    onSettled: (_answer, _error, decision) => afterDecision(queryClient, decision.productId),
  });
}
