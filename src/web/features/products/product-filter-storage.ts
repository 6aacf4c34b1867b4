import { z } from 'zod';
import { CATEGORIES } from '#domain/catalog.ts';
import { PRODUCT_FILTER_STORAGE_KEY } from '#domain/constants.ts';

/** The stored filter record (spec 3): the buy-request toggle and the chosen categories. */
const storedFilterSchema = z.object({
  showBuyRequests: z.boolean(),
  filter: z.array(z.enum(CATEGORIES)),
});
export type StoredProductFilter = z.infer<typeof storedFilterSchema>;

export const EMPTY_PRODUCT_FILTER: StoredProductFilter = { showBuyRequests: false, filter: [] };

/** A damaged or foreign record is ignored rather than trusted. */
export function readStoredProductFilter(): StoredProductFilter {
  try {
    const raw = window.localStorage.getItem(PRODUCT_FILTER_STORAGE_KEY);
    if (!raw) return EMPTY_PRODUCT_FILTER;
    const parsed = storedFilterSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_PRODUCT_FILTER;
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
