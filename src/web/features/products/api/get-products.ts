import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type BrowseView, browseSearchOf, productListSearchOf } from '#domain/products/browse.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { type ProductListFilter, productKeys } from './query-keys.ts';

/** The first page without a cursor; later ones with the nextCursor of the page before. */
export function fetchProducts(filter: ProductListFilter, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<ProductListResponse>('/products', {
    query: {
      q: filter.q,
      category: filter.category,
      sort: filter.sort,
      requested: filter.requested ? true : undefined,
      excludeId: filter.excludeId,
      sellerId: filter.sellerId,
      limit: filter.limit,
      cursor,
    },
    signal,
  });
}

/** The Products grid's pages under a filter: each continues from the last one's cursor. */
export function productListQuery(filter: ProductListFilter) {
  return infiniteQueryOptions({
    queryKey: productKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchProducts(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * The Products grid: one page per scroll step (a listing added meanwhile neither repeats a card
 * nor pushes one off). The previous answer stays on screen while a new filter loads, so only the
 * very first load shows the full-screen loader.
 */
export function useProductList(filter: ProductListFilter, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...productListQuery(filter), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}

/** A single page, for the short lists (Home's recent products, Similar Products). */
export function useProductPage(filter: ProductListFilter, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: productKeys.page(filter),
    queryFn: ({ signal }) => fetchProducts(filter, undefined, signal),
    enabled: options.enabled ?? true,
  });
}

/**
 * The Products page's pages under a view (issue 22). The first call is exactly the one the server
 * answers in the page it draws (productListSearchOf), and asks for every page the address shows
 * (`page=3`: 72 cards); the next ones continue from its cursor, a page at a time. Keyed by the
 * view without its page, so the address following the scroll does not ask again.
 */
export function browseListQuery(view: BrowseView) {
  const firstPage = view.page;
  return infiniteQueryOptions({
    queryKey: productKeys.browse(browseSearchOf({ ...view, page: 1 })),
    queryFn: ({ pageParam, signal }) => {
      const search = productListSearchOf({ ...view, page: pageParam ? 1 : firstPage });
      const query = [search, pageParam ? `cursor=${encodeURIComponent(pageParam)}` : ''].filter(Boolean).join('&');
      return apiRequest<ProductListResponse>(query ? `/products?${query}` : '/products', { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The Products grid: the previous view's cards stay on screen while a new one loads. */
export function useBrowseList(view: BrowseView) {
  return useInfiniteQuery({ ...browseListQuery(view), placeholderData: keepPreviousData });
}
