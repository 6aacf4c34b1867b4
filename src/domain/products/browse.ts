/**
 * What a Products view shows, as its address spells it (issue 22: a shared or reloaded link shows
 * the same results) and as the list call asks for it (issue 24: price range and condition). One
 * definition for the page's address, the form, the server's validation of the list call, and the
 * server-drawn first screen (server http/first-screen.ts), which must ask the same call the page does.
 */
import {
  CATEGORIES,
  CONDITIONS,
  type Category,
  type Condition,
  PRODUCT_SORTS,
  type ProductSort,
  isCategory,
} from '../catalog.ts';
import { PRODUCT_PRICE_MAX, PRODUCTS_PAGE_SIZE_DEFAULT, PRODUCTS_PAGE_SIZE_MAX } from '../constants.ts';
import { groupIndianDigits } from '../number-format.ts';

/** Rupees as cards write them: whole rupees grouped, paise kept when there are any. */
const rupees = (value: number) => {
  const [whole, paise] = String(value).split('.');
  return `₹${groupIndianDigits(whole ?? '0')}${paise ? `.${paise}` : ''}`;
};

export const browseMessages = {
  priceNotNumber: 'Enter the price range as a number of rupees.',
  priceNegative: 'The price range cannot be negative.',
  priceTooHigh: `The price range cannot go above ${rupees(PRODUCT_PRICE_MAX)}.`,
  priceOrder: 'The minimum price cannot be more than the maximum price.',
  searchLabel: 'Search products',
  searchPlaceholder: 'Search products',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  recentSearches: 'Recent searches',
  suggestions: 'Suggestions',
  clearRecent: 'Clear recent searches',
  activeFilters: 'Active filters',
  removeFilter: (label: string) => `Remove filter: ${label}`,
  clearAll: 'Clear all',
  priceRange: 'Price range (₹)',
  minPrice: 'Min ₹',
  maxPrice: 'Max ₹',
  conditions: 'Condition',
  categories: 'Categories',
  showBuyRequests: 'Show Buy Requests',
  searchChip: (q: string) => `“${q}”`,
  priceChip: (min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined
      ? `${rupees(min)} – ${rupees(max)}`
      : min !== undefined
        ? `From ${rupees(min)}`
        : `Up to ${rupees(max ?? 0)}`,
  applyPrice: 'Apply',
  showResults: (total: number) => `Show ${total} result${total === 1 ? '' : 's'}`,
} as const;

/** Matching titles offered under the search box, and how short a text still asks for them. */
export const SEARCH_SUGGESTIONS_MAX = 8;
export const SEARCH_SUGGESTIONS_MIN_CHARS = 2;
/** Recent searches kept on the device (local storage), newest first. */
export const RECENT_SEARCHES_MAX = 5;
export const RECENT_SEARCHES_STORAGE_KEY = 'campus-market:recent-searches';
export const SEARCH_MAX_CHARS = 100;

/** The list's pages an address can ask to see at once (`page=`): as many as one call may return. */
export const BROWSE_PAGES_RESTORED_MAX = Math.floor(PRODUCTS_PAGE_SIZE_MAX / PRODUCTS_PAGE_SIZE_DEFAULT);

export interface BrowseView {
  /** Search text, trimmed; '' for none. */
  q: string;
  categories: Category[];
  conditions: Condition[];
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort?: ProductSort | undefined;
  /** Only listings the viewer sent a buy request for ('Show Buy Requests'). */
  requested: boolean;
  /** How many pages of the endless list the view shows (1 = the first). */
  page: number;
}

export const EMPTY_BROWSE_VIEW: BrowseView = { q: '', categories: [], conditions: [], requested: false, page: 1 };

export function isCondition(value: string): value is Condition {
  return (CONDITIONS as readonly string[]).includes(value);
}

function isSort(value: string): value is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(value);
}

/** A price bound typed by a person or read from an address: rupees, at most two decimals. */
export function parsePriceBound(text: string): { value: number | undefined } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined };
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return { error: browseMessages.priceNotNumber };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: browseMessages.priceNotNumber };
  if (value < 0) return { error: browseMessages.priceNegative };
  if (value > PRODUCT_PRICE_MAX) return { error: browseMessages.priceTooHigh };
  return { value: Math.round(value * 100) / 100 };
}

/** A range whose ends are each valid may still be upside down. */
export function priceRangeError(min: number | undefined, max: number | undefined): string | undefined {
  return min !== undefined && max !== undefined && min > max ? browseMessages.priceOrder : undefined;
}

/** Every active part of a view besides the page: what makes Products show less than everything. */
export function isFiltered(view: BrowseView): boolean {
  return (
    view.q !== '' ||
    view.categories.length > 0 ||
    view.conditions.length > 0 ||
    view.minPrice !== undefined ||
    view.maxPrice !== undefined ||
    view.sort !== undefined ||
    view.requested
  );
}

const ordered = <T extends string>(all: readonly T[], chosen: Iterable<T>): T[] => {
  const set = new Set(chosen);
  return all.filter((value) => set.has(value));
};

/**
 * A view from a page's address. Lenient, since people edit addresses: unknown categories,
 * conditions and sorts are dropped, a bad price bound too (both when the range is upside down).
 * `browseSearchOf` of the result is the address the page should show.
 */
export function browseViewFromSearch(search: string | URLSearchParams): BrowseView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const bound = (name: string) => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    const parsed = parsePriceBound(raw);
    return 'value' in parsed ? parsed.value : undefined;
  };
  let minPrice = bound('minPrice');
  let maxPrice = bound('maxPrice');
  if (priceRangeError(minPrice, maxPrice)) {
    minPrice = undefined;
    maxPrice = undefined;
  }
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_CHARS),
    categories: ordered(CATEGORIES, params.getAll('category').filter(isCategory)),
    conditions: ordered(CONDITIONS, params.getAll('condition').filter(isCondition)),
    minPrice,
    maxPrice,
    sort: isSort(sort) ? sort : undefined,
    requested: params.get('requested') === 'true',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, BROWSE_PAGES_RESTORED_MAX) : 1,
  };
}

/** The filter parameters, in one fixed order, shared by the page's address and the list call. */
function filterParams(view: BrowseView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  for (const category of ordered(CATEGORIES, view.categories)) params.append('category', category);
  for (const condition of ordered(CONDITIONS, view.conditions)) params.append('condition', condition);
  if (view.minPrice !== undefined) params.set('minPrice', String(view.minPrice));
  if (view.maxPrice !== undefined) params.set('maxPrice', String(view.maxPrice));
  if (view.sort) params.set('sort', view.sort);
  if (view.requested) params.set('requested', 'true');
  return params;
}

/** The page's address for a view (without '?'): '' for the plain Products page. */
export function browseSearchOf(view: BrowseView): string {
  const params = filterParams(view);
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

/** How many cards the first call of a view asks for: every page its address shows, in one call. */
export function firstPageLimitOf(view: Pick<BrowseView, 'page'>): number {
  return PRODUCTS_PAGE_SIZE_DEFAULT * Math.min(Math.max(1, view.page), BROWSE_PAGES_RESTORED_MAX);
}

/**
 * The query of the list call that draws a view's first screen (GET /api/v1/products?…), without
 * '?'. The web app asks exactly this, and the server writes its answer into the page under it.
 */
export function productListSearchOf(view: BrowseView): string {
  const params = filterParams(view);
  const limit = firstPageLimitOf(view);
  if (limit !== PRODUCTS_PAGE_SIZE_DEFAULT) params.set('limit', String(limit));
  return params.toString();
}
