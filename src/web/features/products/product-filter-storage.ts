import { type Category, isCategory } from '#domain/catalog.ts';
import { PRODUCT_FILTER_STORAGE_KEY } from '#domain/constants.ts';

/** The stored filter record (spec 3): the buy-request toggle and the chosen categories. */
export interface StoredProductFilter {
  showBuyRequests: boolean;
  filter: Category[];
}

export const EMPTY_PRODUCT_FILTER: StoredProductFilter = { showBuyRequests: false, filter: [] };

/**
 * Checked by hand rather than with zod: this module is on the Products page's first load,
 * which should not wait for the validation library to check two fields.
 */
function asStoredFilter(value: unknown): StoredProductFilter | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { showBuyRequests, filter } = value as Record<string, unknown>;
  if (typeof showBuyRequests !== 'boolean' || !Array.isArray(filter)) return undefined;
  if (!filter.every((name): name is Category => typeof name === 'string' && isCategory(name))) return undefined;
  return { showBuyRequests, filter };
}

/** A damaged or foreign record is ignored rather than trusted. */
export function readStoredProductFilter(): StoredProductFilter {
  try {
    const raw = window.localStorage.getItem(PRODUCT_FILTER_STORAGE_KEY);
    if (!raw) return EMPTY_PRODUCT_FILTER;
    return asStoredFilter(JSON.parse(raw)) ?? EMPTY_PRODUCT_FILTER;
  } catch {
    return EMPTY_PRODUCT_FILTER;
  }
}

export function writeStoredProductFilter(filter: StoredProductFilter) {
  window.localStorage.setItem(PRODUCT_FILTER_STORAGE_KEY, JSON.stringify(filter));
}

/** The Products nav link starts from a clean filter (spec 2). */
export function clearStoredProductFilter() {
  window.localStorage.removeItem(PRODUCT_FILTER_STORAGE_KEY);
  window.dispatchEvent(new Event(PRODUCT_FILTER_CLEARED_EVENT));
}

/** Lets an open Products page reset itself when its own nav link is clicked. */
export const PRODUCT_FILTER_CLEARED_EVENT = 'campus-market:product-filter-cleared';
