import type { ProductSort } from '#domain/catalog.ts';
import { CURSOR_PAGE_MAX, type ListingCursor, encodeListingCursor } from '#domain/products/listing-cursor.ts';
import type { StatementRunner } from '../db/client.ts';
import { type ListingFilter, type ListingPageRow, findListingCards, findListingPage, sortKeyOf } from './listing-statements.ts';
import type { CatalogueOrder } from './catalogue-order.ts';
import type { SearchMatches } from './search-matches.ts';

/** A page asked for by number, or by the cursor an earlier answer gave (which then wins). */
export interface PageQuery {
  page: number;
  limit: number;
  cursor?: ListingCursor | undefined;
}

export interface ListingPage {
  rows: ListingPageRow[];
  page: number;
  /** Where the page after this one starts; null when there is none. */
  nextCursor: string | null;
}

/**
 * One page of cards, by offset or by cursor, and the cursor of the next. One row more than the
 * page is read: whether it exists says whether there is a next page, without counting.
 */
export async function readListingPage(
  db: StatementRunner,
  filter: ListingFilter,
  sort: ProductSort,
  query: PageQuery,
): Promise<ListingPage> {
  const { cursor, limit } = query;
  const offset = cursor ? 0 : (query.page - 1) * limit;
  const rows = await findListingPage(db, filter, sort, { limit: limit + 1, offset, after: cursor });
  const more = rows.length > limit;
  if (more) rows.length = limit;
  return withNextCursor(rows, more, sort, cursor?.page ?? query.page);
}

/** The same page of a search, chosen among its matches (search-matches.ts), then its cards read by id. */
export async function readListingPageOfMatches(
  db: StatementRunner,
  matches: SearchMatches,
  categories: ListingFilter['categories'],
  sort: ProductSort,
  query: PageQuery,
): Promise<ListingPage> {
  const { cursor, limit } = query;
  const offset = cursor ? 0 : (query.page - 1) * limit;
  const chosen = matches.page(sort, categories, { limit, offset, after: cursor });
  const rows = await findListingCards(db, chosen.ids);
  return withNextCursor(rows, chosen.more, sort, cursor?.page ?? query.page);
}

/**
 * A page by number chosen among the catalogue's first listings in its sort, then its cards read by
 * id; undefined when the page reaches past them (readListingPage then reads it).
 */
export async function readListingPageOfOrder(
  db: StatementRunner,
  order: CatalogueOrder,
  sort: ProductSort,
  query: PageQuery,
): Promise<ListingPage | undefined> {
  const chosen = order.page((query.page - 1) * query.limit, query.limit);
  if (!chosen) return undefined;
  const rows = await findListingCards(db, chosen.ids);
  return withNextCursor(rows, chosen.more, sort, query.page);
}

function withNextCursor(rows: ListingPageRow[], more: boolean, sort: ProductSort, page: number): ListingPage {
  const last = rows.at(-1);
  if (!more || !last || page >= CURSOR_PAGE_MAX) return { rows, page, nextCursor: null };
  return { rows, page, nextCursor: encodeListingCursor({ sort, page: page + 1, key: sortKeyOf(sort, last), id: last.id }) };
}
