import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';
import { invalidateProductData } from '#web/features/products/api/invalidate.ts';

/** Renew from My Listings: back on top of Newest, its time to live starting over. */
export function useRenewListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      apiRequest<{ success: true; msg: string }>(`/products/renew/${encodeURIComponent(productId)}`, { method: 'POST' }),
    onSuccess: () => invalidateProductData(queryClient),
  });
}

/** The mail's one-click renew link: works without a session. */
export function useRenewByLink() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ success: true; msg: string; productId: string; productTitle: string }>(
        `/products/renew-link/${encodeURIComponent(token)}`,
        { method: 'POST' },
      ),
  });
}
