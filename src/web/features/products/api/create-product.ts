import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductSavedResponse } from '#domain/products/product.wire.ts';
import { apiUpload } from '#web/api/api-client.ts';
import { invalidateProductData } from './invalidate.ts';
import { type ProductUpload, productFormData } from './product-form-data.ts';

/** Lists a new product; `onProgress` follows the photos being sent. */
export function useCreateProduct(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ProductUpload) =>
      apiUpload<ProductSavedResponse>('/products/createProduct', { body: productFormData(upload), onProgress }),
    onSuccess: () => invalidateProductData(queryClient),
  });
}
