import type { Category, ProductSort } from '#domain/catalog.ts';
import type { ProductListFilter } from './api/query-keys.ts';
import { readStoredProductFilter } from './product-filter-storage.ts';

/** What the list asks the server for under a filter; the key of the list's query. */
export function listFilterOf(state: {
  search: string;
  categories: Category[];
  sort: ProductSort | '';
  showBuyRequests: boolean;
}): ProductListFilter {
  return {
    q: state.search || undefined,
    category: state.categories.length ? state.categories : undefined,
    sort: state.sort || undefined,
    requested: state.showBuyRequests || undefined,
  };
}

/** The list the Products page opens with: the stored filter, no search, no sort. */
export function initialListFilter(): ProductListFilter {
  const stored = readStoredProductFilter();
  return listFilterOf({ search: '', categories: stored.filter, sort: '', showBuyRequests: stored.showBuyRequests });
}
