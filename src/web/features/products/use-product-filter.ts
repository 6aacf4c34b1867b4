import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Category, ProductSort } from '#domain/catalog.ts';
import { SEARCH_DEBOUNCE_MS } from '#domain/constants.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { listFilterOf } from './list-filter.ts';
import {
  EMPTY_PRODUCT_FILTER,
  PRODUCT_FILTER_CLEARED_EVENT,
  readStoredProductFilter,
  writeStoredProductFilter,
} from './product-filter-storage.ts';

/**
 * The Products page's filter. Categories and the buy-request toggle are kept in local storage
 * (restored on load, spec 4); search and sort live only as long as the page. The Products nav
 * link clears the stored record and this page follows.
 */
export function useProductFilter() {
  const [stored] = useState(readStoredProductFilter);
  const [categories, setCategories] = useState<Category[]>(stored.filter);
  const [showBuyRequests, setShowBuyRequests] = useState(stored.showBuyRequests);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ProductSort | ''>('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    writeStoredProductFilter({ showBuyRequests, filter: categories });
  }, [showBuyRequests, categories]);

  const reset = useCallback(() => {
    setCategories(EMPTY_PRODUCT_FILTER.filter);
    setShowBuyRequests(EMPTY_PRODUCT_FILTER.showBuyRequests);
    setSearch('');
    setSort('');
  }, []);

  useEffect(() => {
    window.addEventListener(PRODUCT_FILTER_CLEARED_EVENT, reset);
    return () => window.removeEventListener(PRODUCT_FILTER_CLEARED_EVENT, reset);
  }, [reset]);

  const toggleCategory = useCallback((category: Category, checked: boolean) => {
    setCategories((current) =>
      checked ? [...new Set([...current, category])].sort() : current.filter((name) => name !== category),
    );
  }, []);

  const query = useMemo(
    () => listFilterOf({ search: debouncedSearch, categories, sort, showBuyRequests }),
    [debouncedSearch, categories, sort, showBuyRequests],
  );

  const isActive = categories.length > 0 || showBuyRequests || search.trim() !== '' || sort !== '';

  return {
    categories,
    toggleCategory,
    showBuyRequests,
    setShowBuyRequests,
    search,
    setSearch,
    sort,
    setSort,
    query,
    isActive,
    reset,
  };
}

export type ProductFilterState = ReturnType<typeof useProductFilter>;
