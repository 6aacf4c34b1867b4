import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';
import { invalidateProductData } from '#web/features/products/api/invalidate.ts';
import { buyRequestKeys } from './query-keys.ts';

type Answer = { success: true; msg: string };

/** What the caller does with the answer; run with the mutation, since the card may unmount. */
export interface OfferCallbacks {
  onSuccess?: (answer: Answer) => void;
  onError?: (error: unknown) => void;
}

/** One step on an offer: the seller names the buyer; a buyer answers for themself. */
export interface OfferStep {
  action: 'accept' | 'counter' | 'reject' | 'withdraw';
  productId: string;
  buyerId?: string;
  amount?: number;
}

/** After any step the listing (maybe sold now), the buyer lists and the statuses are stale. */
function afterStep(queryClient: QueryClient) {
  return Promise.all([invalidateProductData(queryClient), queryClient.invalidateQueries({ queryKey: buyRequestKeys.all })]);
}

/** POST /interested/offers/{accept|counter|reject|withdraw}. */
export function useOfferStep(callbacks: OfferCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: OfferStep) =>
      apiRequest<Answer>(`/interested/offers/${action}`, { method: 'POST', body: { ...body } }),
    onSuccess: (answer) => callbacks.onSuccess?.(answer),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => afterStep(queryClient),
  });
}

/** The seller's change of a listing's state: reserve (for a buyer or nobody), release, sold elsewhere. */
export interface ListingStateChange {
  action: 'reserve' | 'release' | 'sold-elsewhere';
  productId: string;
  buyerId?: string | null;
}

/** POST /products/{id}/{reserve|release|sold-elsewhere}. */
export function useListingStateChange(callbacks: OfferCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, productId, buyerId }: ListingStateChange) =>
      apiRequest<Answer>(`/products/${productId}/${action}`, {
        method: 'POST',
        body: action === 'reserve' ? { buyerId: buyerId ?? null } : {},
      }),
    onSuccess: (answer) => callbacks.onSuccess?.(answer),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => afterStep(queryClient),
  });
}
