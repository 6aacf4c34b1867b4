import type { ProductSort } from '#domain/catalog.ts';
import { CURSOR_PAGE_MAX, type ListingCursor, encodeListingCursor } from '#domain/products/listing-cursor.ts';
import type { StatementRunner } from '../db/client.ts';
import { type ListingFilter, type ListingPageRow, findListingPage, sortKeyOf } from './listing-statements.ts';

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
  const page = cursor?.page ?? query.page;
  if (rows.length <= limit || page >= CURSOR_PAGE_MAX) return { rows: rows.slice(0, limit), page, nextCursor: null };
  rows.length = limit;
  const last = rows[limit - 1]!;
  return { rows, page, nextCursor: encodeListingCursor({ sort, page: page + 1, key: sortKeyOf(sort, last), id: last.id }) };
}
