import type { ProductSort } from '#domain/catalog.ts';

/** What the Products page asks the server for; the list query is keyed by it. */
export interface ProductListFilter {
  q?: string;
  category?: string[];
  sort?: ProductSort;
  requested?: boolean;
  excludeId?: string;
  sellerId?: string;
  limit?: number;
}

/**
 * Every product answer lives under 'products' and every My Listings answer under 'listings',
 * so a mutation refreshes all of them with two invalidations.
 */
export const productKeys = {
  all: ['products'] as const,
  list: (filter: ProductListFilter) => ['products', 'list', filter] as const,
  /** The Products page under a view, keyed by its address without the page (browseSearchOf). */
  browse: (search: string) => ['products', 'browse', search] as const,
  suggestions: (text: string) => ['products', 'suggestions', text] as const,
  page: (filter: ProductListFilter) => ['products', 'page', filter] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

export const listingKeys = {
  all: ['listings'] as const,
  ofUser: (userId: string) => ['listings', userId] as const,
};
