import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductResponse } from '#domain/products/product.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { productKeys } from './query-keys.ts';

export function fetchProduct(id: string, signal?: AbortSignal) {
  return apiRequest<ProductResponse>(`/products/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.product);
}

export function productQuery(id: string) {
  return queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => fetchProduct(id, signal) });
}

/** One product with its seller, for the detail page and the edit form. */
export function useProduct(id: string | undefined) {
  return useQuery({ ...productQuery(id ?? ''), enabled: Boolean(id) });
}
