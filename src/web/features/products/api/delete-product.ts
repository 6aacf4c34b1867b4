import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';
import { invalidateProductData } from './invalidate.ts';
import { productKeys } from './query-keys.ts';

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      apiRequest<{ success: true; msg?: string }>(`/products/delete/${encodeURIComponent(productId)}`, {
        method: 'DELETE',
      }),
    onSuccess: (_answer, productId) => {
      // The deleted product's own page must not refetch into a 404 while we navigate away.
      queryClient.removeQueries({ queryKey: productKeys.detail(productId) });
      return invalidateProductData(queryClient);
    },
  });
}
