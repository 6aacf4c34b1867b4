import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductSavedResponse } from '#domain/products/product.wire.ts';
import { apiUpload } from '#web/api/api-client.ts';
import { invalidateProductData } from './invalidate.ts';
import { type ProductUpload, productFormData } from './product-form-data.ts';

export interface ProductEdit extends ProductUpload {
  productId: string;
  /** Ids of the stored photos the seller kept; the others are deleted on save. */
  keptImageIds: string[];
}

export function useEditProduct(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, keptImageIds, ...upload }: ProductEdit) =>
      apiUpload<ProductSavedResponse>(`/products/edit/${encodeURIComponent(productId)}`, {
        method: 'PATCH',
        body: productFormData(upload, keptImageIds),
        onProgress,
      }),
    onSuccess: () => invalidateProductData(queryClient),
  });
}
