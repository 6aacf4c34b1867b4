import type { ProductSort } from '#domain/catalog.ts';
import type { StatementRunner } from '../db/client.ts';
import { type ListingFilter, findCatalogueOrder } from './listing-statements.ts';

/**
 * The ids of the visible catalogue's first listings in one sort (LISTING_ORDER_ROWS of them), in
 * order: a page by number among them is sliced here and only its cards are read (issue 25). Such a
 * page used to skip its offset in the sort's index on every read: page 150 read 3,600 index
 * entries, 2.7–3.5 ms of PostgreSQL under `npm run bench:mix`, and the five sorts' pages were a
 * quarter of the database's time. A page after a cursor needs no offset (the index finds where it
 * starts), so it stays with the database. Kept in the listing cache's catalogueOrders, which every
 * listing change clears, as a search's matches are.
 */
export class CatalogueOrder {
  constructor(
    private readonly ids: string[],
    /** Whether these are all the visible listings (fewer than were asked for). */
    private readonly complete: boolean,
  ) {}

  static async read(db: StatementRunner, sort: ProductSort, rows: number): Promise<CatalogueOrder> {
    const ids = await findCatalogueOrder(db, sort, rows);
    return new CatalogueOrder(ids, ids.length < rows);
  }

  /**
   * The ids of `limit` listings after `offset` and whether more follow, or undefined when the page
   * reaches the end of the ids held and more listings may lie beyond them (the database then pages it).
   */
  page(offset: number, limit: number): { ids: string[]; more: boolean } | undefined {
    const end = offset + limit;
    const more = end < this.ids.length;
    return more || this.complete ? { ids: this.ids.slice(offset, end), more } : undefined;
  }
}

/** Browsing the whole visible catalogue, in every category: what a CatalogueOrder can page. */
export function pagedByCatalogueOrder(filter: ListingFilter): boolean {
  return (
    filter.categories.length === 0 &&
    !filter.q &&
    !filter.conditions?.length &&
    filter.minPrice === undefined &&
    filter.maxPrice === undefined &&
    !filter.requestedBy &&
    !filter.sellerId &&
    !filter.excludeId &&
    !filter.hiddenSellerIds?.length &&
    !filter.includeHidden
  );
}
