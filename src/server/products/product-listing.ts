import { ALL_CATEGORIES, type Category, type ProductSort, isCategory } from '#domain/catalog.ts';
import type { MyListingsQuery, ProductListQuery } from '#domain/products/product.schemas.ts';
import type { MyListingsResponse, ProductListResponse } from '#domain/products/product.wire.ts';
import type { Database, StatementRunner } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { CatalogueOrder, pagedByCatalogueOrder } from './catalogue-order.ts';
import type { FacetCache } from './facet-cache.ts';
import { type PageQuery, readListingPage, readListingPageOfMatches, readListingPageOfOrder } from './listing-pages.ts';
import { type ListingFilter, findSearchMatches } from './listing-statements.ts';
import { PriceCounters } from './price-counters.ts';
import { type CardAudience, toProduct } from './product.mapper.ts';
import {
  type CategoryCounts,
  type PriceRange,
  countListingsByCategory,
  countListingsOfSellers,
  readCategoryCounters,
  readPriceCounters,
  readPriceRangeCounters,
} from './products.repository.ts';
import { SEARCH_MATCHES_MAX, SearchMatches, TOO_MANY_MATCHES } from './search-matches.ts';

export interface ListingReadContext {
  db: Database;
  /** Runs the page statements built once (listing-statements.ts): the database handle. */
  statements: StatementRunner;
  storage: Storage;
  /** Category counts of searches, keyed by the facet filter. */
  searchCounts: FacetCache<CategoryCounts>;
  /** A search's matches (search-matches.ts), keyed by the facet filter. */
  searchMatches: FacetCache<SearchMatches | typeof TOO_MANY_MATCHES>;
  /** The price counters in memory (price-counters.ts), read once per listing change: one entry. */
  priceCounters: FacetCache<PriceCounters>;
  /** The catalogue's first listings in each sort (catalogue-order.ts), keyed by the sort. */
  catalogueOrders: FacetCache<CatalogueOrder>;
  /** How many listings each of those holds (config.listingOrderRows). */
  catalogueOrderRows: number;
}

/** A search, a condition or a price range: the counters (per category only) cannot answer it. */
const narrowsCounters = (filter: ListingFilter) =>
  Boolean(filter.q) || Boolean(filter.conditions?.length) || filter.minPrice !== undefined || filter.maxPrice !== undefined;

/** A price range and no search or condition: the price counters (per price and category) answer it. */
const onlyPriceNarrows = (filter: ListingFilter) => !filter.q && !filter.conditions?.length;

/**
 * Category counts for the filter, by the cheapest exact route:
 *  - no search, condition, price range, seller or buy-request filter: the trigger-kept counters (seven rows),
 *    kept in memory until a listing changes (ListingCache.applyChange clears the facet cache);
 *  - one seller's or one buyer's listings: counted, they are few and indexed;
 *  - a price range alone: the trigger-kept price counters, summed over the range in memory (or by
 *    PostgreSQL for Similar Products, which leaves its own listing out);
 *  - a search or conditions: counted.
 * The last two are cached briefly for the next pages of the same filter (docs/decisions/0003).
 */
async function categoryCounts(ctx: ListingReadContext, filter: ListingFilter): Promise<CategoryCounts> {
  if (filter.requestedBy || filter.sellerId) return countListingsByCategory(ctx.db, filter);
  if (!narrowsCounters(filter)) {
    const counters = await cachedCounts(ctx, JSON.stringify(['counters', filter.excludeId ?? null]), () =>
      readCategoryCounters(ctx.db, filter.excludeId),
    );
    return withoutHiddenSellers(ctx, filter, counters);
  }
  if (onlyPriceNarrows(filter)) {
    const range = { minPrice: filter.minPrice, maxPrice: filter.maxPrice };
    return withoutHiddenSellers(ctx, filter, await priceRangeCounts(ctx, range, filter.excludeId));
  }
  const key = JSON.stringify([
    filter.q?.toLowerCase() ?? null,
    filter.conditions ?? [],
    filter.minPrice ?? null,
    filter.maxPrice ?? null,
    filter.excludeId ?? null,
    filter.hiddenSellerIds ?? [],
  ]);
  return cachedCounts(ctx, key, () => countListingsByCategory(ctx.db, filter));
}

/** The price counters' one entry: the table whole. */
const PRICE_COUNTERS_KEY = 'all';

/** A price range's counts: from the counters in memory, or summed by PostgreSQL less the listing left out. */
async function priceRangeCounts(ctx: ListingReadContext, range: PriceRange, excludeId: string | undefined) {
  if (!excludeId) {
    const counters = await ctx.priceCounters.fill(
      PRICE_COUNTERS_KEY,
      async () => new PriceCounters(await readPriceCounters(ctx.db)),
    );
    return counters.countsIn(range);
  }
  const key = JSON.stringify(['prices', range.minPrice ?? null, range.maxPrice ?? null, excludeId]);
  return cachedCounts(ctx, key, () => readPriceRangeCounters(ctx.db, range, excludeId));
}

/** Counts from the facet cache, or read and kept unless a listing changed while they were read. */
function cachedCounts(ctx: ListingReadContext, key: string, read: () => Promise<CategoryCounts>) {
  return ctx.searchCounts.fill(key, read);
}

/** Counters less the listings of sellers the viewer blocked, in the filter's price range (counted by the seller index: they are few). */
async function withoutHiddenSellers(
  ctx: ListingReadContext,
  filter: ListingFilter,
  counts: CategoryCounts,
): Promise<CategoryCounts> {
  if (!filter.hiddenSellerIds?.length) return counts;
  const hidden = await countListingsOfSellers(ctx.db, filter.hiddenSellerIds, filter.excludeId, {
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
  });
  return new Map([...counts].map(([category, count]) => [category, count - (hidden.get(category) ?? 0)]));
}

function totalOf(counts: CategoryCounts, categories: Category[]): number {
  const counted = categories.length > 0 ? categories : [...counts.keys()];
  return counted.reduce((sum, category) => sum + (counts.get(category) ?? 0), 0);
}

/** The categories present, alphabetical, as the Products checklist shows them. */
function presentCategories(counts: CategoryCounts) {
  return [...counts.entries()]
    .filter(([, count]) => count > 0)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A browsing search's matches, read once for all its sorts, pages and categories; undefined for
 * anything else (and a search matching more than SEARCH_MATCHES_MAX), which the database pages.
 * Keyed by the raw text: PostgreSQL's lower() decides which spellings match alike, not JavaScript's.
 */
async function searchMatchesOf(ctx: ListingReadContext, filter: ListingFilter): Promise<SearchMatches | undefined> {
  if (!filter.q || filter.requestedBy || filter.sellerId || filter.includeHidden) return undefined;
  const key = JSON.stringify([
    filter.q,
    filter.conditions ?? [],
    filter.minPrice ?? null,
    filter.maxPrice ?? null,
    filter.excludeId ?? null,
    filter.hiddenSellerIds ?? [],
  ]);
  const matches = await ctx.searchMatches.fill(key, async () => {
    const rows = await findSearchMatches(ctx.statements, filter, SEARCH_MATCHES_MAX + 1);
    return rows.length > SEARCH_MATCHES_MAX ? TOO_MANY_MATCHES : new SearchMatches(rows);
  });
  return matches === TOO_MANY_MATCHES ? undefined : matches;
}

/**
 * A page of anything but a search's matches: a page by number of the whole catalogue chosen among
 * its first listings where it can be, anything else by the database.
 */
async function readBrowsingPage(ctx: ListingReadContext, filter: ListingFilter, sort: ProductSort, query: PageQuery) {
  // While the cache stores nothing (events reconnecting), reading thousands of ids for one page would not pay.
  if (!query.cursor && pagedByCatalogueOrder(filter) && ctx.catalogueOrders.storing) {
    const order = await ctx.catalogueOrders.fill(sort, () => CatalogueOrder.read(ctx.statements, sort, ctx.catalogueOrderRows));
    const page = await readListingPageOfOrder(ctx.statements, order, sort, query);
    if (page) return page;
  }
  return readListingPage(ctx.statements, filter, sort, query);
}

async function readPage(
  ctx: ListingReadContext,
  filter: ListingFilter,
  sort: ProductSort,
  query: PageQuery,
  audience: CardAudience,
) {
  const matches = await searchMatchesOf(ctx, filter);
  const [page, counts] = matches
    ? [await readListingPageOfMatches(ctx.statements, matches, filter.categories, sort, query), matches.counts()]
    : await Promise.all([readBrowsingPage(ctx, filter, sort, query), categoryCounts(ctx, filter)]);
  const total = totalOf(counts, filter.categories);
  return {
    products: page.rows.map((row) => toProduct(row, ctx.storage, audience)),
    total,
    page: page.page,
    totalPages: Math.ceil(total / query.limit),
    nextCursor: page.nextCursor,
    counts,
  };
}

/** What a list call reads for its caller: whose listings they blocked, and who the cards are personal to. */
export interface ListingView {
  /** Sellers the caller blocked (blocks/blocks.repository.ts findBlockedIds). */
  blockedIds: string[];
  personal?: Set<string> | undefined;
}

/** GET /products: one page of any filter, search and sort, with its total and category counts. */
export async function listProducts(
  ctx: ListingReadContext,
  query: ProductListQuery,
  caller: UserRow,
  view: ListingView,
): Promise<ProductListResponse> {
  const categories = query.category.includes(ALL_CATEGORIES) ? [] : [...new Set(query.category.filter(isCategory))];
  const filter: ListingFilter = {
    q: query.q,
    categories,
    conditions: [...new Set(query.condition)],
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    requestedBy: query.requested ? caller.id : undefined,
    sellerId: query.sellerId,
    excludeId: query.excludeId,
    hiddenSellerIds: view.blockedIds,
    // A seller browsing their own listings still sees those hidden from others.
    includeHidden: query.sellerId !== undefined && query.sellerId === caller.id,
  };
  const { counts, ...page } = await readPage(ctx, filter, query.sort, query, { viewer: caller, personal: view.personal });
  return { success: true, ...page, categories: presentCategories(counts) };
}

/** My Listings: the user's own listings, newest first; an admin's own My Listings is every product. */
export async function listMyListings(
  ctx: ListingReadContext,
  owner: { userId: string; everything: boolean },
  query: MyListingsQuery,
  audience: CardAudience,
): Promise<MyListingsResponse> {
  const filter: ListingFilter = { categories: [], sellerId: owner.everything ? undefined : owner.userId, includeHidden: true };
  const { counts: _counts, ...page } = await readPage(ctx, filter, 'newest', query, audience);
  return { success: true, ...page };
}
