/**
 * The hot reads of the products feature (a page of cards, one card by id) as SQL text written once
 * per shape and cached, with numbered parameters: building the text with the query builder on
 * every call cost more CPU than the database spent answering (issue 10).
 */
import type { Category, Condition, ProductSort } from '#domain/catalog.ts';
import type { Statement, StatementRunner } from '../db/client.ts';
import { type ProductCardRow, imagesOf } from './product.mapper.ts';

/** Which listings a page shows. Every part is optional; no categories means every category. */
export interface ListingFilter {
  q?: string | undefined;
  categories: Category[];
  /** No conditions means every condition (issue 24). */
  conditions?: Condition[] | undefined;
  /** A price range in rupees, both ends included, either optional (issue 24). */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Only listings this buyer has sent a buy request for (any status). */
  requestedBy?: string | undefined;
  sellerId?: string | undefined;
  excludeId?: string | undefined;
  /** Sellers the viewer blocked: their listings are left out (issue 12). */
  hiddenSellerIds?: string[] | undefined;
  /**
   * Hidden listings (pending review, or of a suspended seller) are left out of browsing; only the
   * seller's own lists and an admin's show them.
   */
  includeHidden?: boolean | undefined;
}

/** The row a page's statement starts after (keyset paging): its sort values as exact text, and its id. */
export interface RowKey {
  key: string[];
  id: string;
}

/** A window of rows: after `after`'s row when given (a cursor), else after `offset` rows (page numbers). */
export interface PageWindow {
  limit: number;
  offset: number;
  after?: RowKey | undefined;
}

/**
 * A card of a page, with its renewed_at (what Newest, Oldest and Rating's tie-break sort by: a
 * renewed listing is back on top) to the microsecond (a Date keeps milliseconds only).
 */
export type ListingPageRow = ProductCardRow & { sortAt: string };

/** A search term as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

interface SortSpec {
  /** Column and direction, ending in the id so pages are stable. */
  order: [column: string, direction: string][];
  /** The sort values before the id, with the type their text is read back as. */
  key: [column: string, cast: string][];
  /** How the rows after a cursor compare with it: the order is all one direction. */
  after: '<' | '>';
  keyOf(row: ListingPageRow): string[];
}

/**
 * Every sort puts reserved listings after available ones (issue 23): ascending sorts lead with
 * `reserved`, descending ones with `unreserved` (both kept by the database), so each order still
 * runs one way over all its columns and has an index of its own (schema/products.ts).
 * Orders spelled with the same null placement as the indexes (the columns are NOT NULL, but the
 * planner only walks an index whose declared order matches). Each order runs one way over all its
 * columns, so "after the cursor" is one row comparison the index serves as a range.
 */
const SORTS: Record<ProductSort, SortSpec> = {
  newest: {
    order: [
      ['unreserved', 'desc nulls last'],
      ['renewed_at', 'desc nulls last'],
      ['id', 'desc nulls last'],
    ],
    key: [
      ['unreserved', 'boolean'],
      ['renewed_at', 'timestamptz'],
    ],
    after: '<',
    keyOf: (row) => [String(!row.reserved), row.sortAt],
  },
  oldest: {
    order: [
      ['reserved', 'asc nulls first'],
      ['renewed_at', 'asc nulls first'],
      ['id', 'asc nulls first'],
    ],
    key: [
      ['reserved', 'boolean'],
      ['renewed_at', 'timestamptz'],
    ],
    after: '>',
    keyOf: (row) => [String(row.reserved), row.sortAt],
  },
  priceLowHigh: {
    order: [
      ['reserved', 'asc'],
      ['price', 'asc'],
      ['id', 'asc'],
    ],
    key: [
      ['reserved', 'boolean'],
      ['price', 'numeric'],
    ],
    after: '>',
    // numeric(12,2) read as float8 prints back as the same decimal.
    keyOf: (row) => [String(row.reserved), String(row.price)],
  },
  priceHighLow: {
    order: [
      ['unreserved', 'desc'],
      ['price', 'desc'],
      ['id', 'desc'],
    ],
    key: [
      ['unreserved', 'boolean'],
      ['price', 'numeric'],
    ],
    after: '<',
    keyOf: (row) => [String(!row.reserved), String(row.price)],
  },
  rating: {
    order: [
      ['unreserved', 'desc nulls last'],
      ['rating', 'desc nulls last'],
      ['renewed_at', 'desc nulls last'],
      ['id', 'desc nulls last'],
    ],
    key: [
      ['unreserved', 'boolean'],
      ['rating', 'numeric'],
      ['renewed_at', 'timestamptz'],
    ],
    after: '<',
    keyOf: (row) => [String(!row.reserved), String(row.rating), row.sortAt],
  },
};

/** The sort values of a page's last row, for the cursor of the page after it. */
export function sortKeyOf(sort: ProductSort, row: ListingPageRow): string[] {
  return SORTS[sort].keyOf(row);
}

/**
 * A timestamp as the wire writes it, formatted by PostgreSQL exactly as toISOString would (UTC,
 * milliseconds cut, not rounded): a page's four times a card were a tenth of an uncached page's
 * CPU in the app, parsed into Dates by node-postgres only to be formatted again.
 */
function isoTime(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The card's columns of a listing (alias `listing`) and its seller (alias `u`), as ProductCardRow names them. */
function cardColumns(listing: string): string {
  return `${listing}.id, ${listing}.title, ${listing}.description, ${listing}.price::float8 as price,
    ${listing}.original_price::float8 as "originalPrice", ${listing}.category, ${listing}.condition,
    ${listing}.rating::float8 as rating, ${listing}.num_reviews as "numReviews", ${listing}.sold_out as "soldOut",
    ${listing}.buyer_id as "buyerId", ${listing}.sold_price::float8 as "soldPrice", ${listing}.reserved,
    ${listing}.reserved_for_id as "reservedForId", ${isoTime(`${listing}.created_at`)} as "createdAt",
    ${isoTime(`${listing}.updated_at`)} as "updatedAt", ${isoTime(`${listing}.renewed_at`)} as "renewedAt",
    ${isoTime(`${listing}.expires_at`)} as "expiresAt", ${listing}.expired,
    u.id as "sellerId", u.user_name as "sellerUserName", u.email as "sellerEmail",
    u.phone_number as "sellerPhoneNumber", u.profile_picture_key as "sellerProfilePictureKey",
    ${imagesOf(`${listing}.id`)} as images`;
}

const LISTING_COLUMNS =
  'id, seller_id, title, description, price, original_price, category, condition, rating, num_reviews, sold_out, buyer_id, sold_price, reserved, unreserved, reserved_for_id, created_at, updated_at, renewed_at, expires_at, expired';

const listingColumnsOf = (alias: string) =>
  LISTING_COLUMNS.split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');

/** What a statement's values are read from on each call. */
interface Call {
  filter: ListingFilter;
  window: PageWindow;
}

interface BuiltStatement {
  name: string | undefined;
  text: string;
  values: ((call: Call) => unknown)[];
}

/**
 * One text per shape: which conditions are present, how many categories, the sort, and cursor or
 * offset. Every value is a parameter, so the shapes students use are few, and so are the named
 * statements each PostgreSQL connection keeps.
 */
function shapeOf(filter: ListingFilter, sort: ProductSort, window: PageWindow): string {
  const categories =
    filter.categories.length === 0 ? 'all' : filter.categories.length === 1 ? 'one' : `some${filter.categories.length}`;
  const conditions = filter.conditions?.length ? 'c' : '';
  const flags = [
    filter.includeHidden ? 'h' : '',
    filter.q ? 'q' : '',
    filter.sellerId ? 's' : '',
    filter.excludeId ? 'x' : '',
    filter.hiddenSellerIds?.length ? 'b' : '',
    filter.requestedBy ? 'r' : '',
    conditions,
    filter.minPrice !== undefined ? '>' : '',
    filter.maxPrice !== undefined ? '<' : '',
  ].join('');
  return `${sort}/${categories}/${flags}/${window.after ? 'after' : 'offset'}`;
}

/** The WHERE conditions of a shape, each pushing the reader of its value as it takes a number. */
function conditionsOf(filter: ListingFilter, sort: ProductSort, window: PageWindow, values: BuiltStatement['values']) {
  const param = (read: (call: Call) => unknown, cast: string) => `$${values.push(read)}::${cast}`;
  const conditions: string[] = [];
  if (!filter.includeHidden) conditions.push('not hidden');
  // Case-insensitive like ILIKE on the title, on its stored lower-case copy (trigram-indexed).
  if (filter.q) conditions.push(`title_search like lower(${param((c) => containsPattern(c.filter.q!), 'text')})`);
  if (filter.sellerId) conditions.push(`seller_id = ${param((c) => c.filter.sellerId, 'uuid')}`);
  if (filter.excludeId) conditions.push(`id <> ${param((c) => c.filter.excludeId, 'uuid')}`);
  if (filter.hiddenSellerIds?.length) conditions.push(`seller_id <> all(${param((c) => c.filter.hiddenSellerIds, 'uuid[]')})`);
  if (filter.requestedBy) {
    conditions.push(`id in (select product_id from buy_requests where buyer_id = ${param((c) => c.filter.requestedBy, 'uuid')})`);
  }
  if (filter.categories.length === 1) conditions.push(`category = ${param((c) => c.filter.categories[0], 'text')}`);
  if (filter.categories.length > 1) conditions.push(`category = any(${param((c) => c.filter.categories, 'text[]')})`);
  if (filter.conditions?.length) conditions.push(`condition = any(${param((c) => c.filter.conditions, 'text[]')})`);
  // A range on the price column: served by the price indexes (alone or after the category).
  if (filter.minPrice !== undefined) conditions.push(`price >= ${param((c) => c.filter.minPrice, 'numeric')}`);
  if (filter.maxPrice !== undefined) conditions.push(`price <= ${param((c) => c.filter.maxPrice, 'numeric')}`);
  if (window.after) {
    const spec = SORTS[sort];
    const bounds = spec.key.map(([, cast], index) => param((c) => c.window.after!.key[index], cast));
    const columns = [...spec.key.map(([column]) => column), 'id'].join(', ');
    conditions.push(`(${columns}) ${spec.after} (${[...bounds, param((c) => c.window.after!.id, 'uuid')].join(', ')})`);
  }
  return conditions;
}

/**
 * The page's ids are chosen first, from the sort's index alone where it holds every column the
 * filter reads (schema/products.ts: the visible rows only), so the rows an offset skips are never
 * read from the table; then the listing, its seller and its photos for those ids only. A search is
 * left unnamed: PostgreSQL then plans it for its own pattern each time, where a named statement's
 * generic plan could serve "a" like "calculator".
 */
function buildPage(filter: ListingFilter, sort: ProductSort, window: PageWindow, shape: string): BuiltStatement {
  const values: BuiltStatement['values'] = [];
  const order = (alias: string) => SORTS[sort].order.map(([column, direction]) => `${alias}${column} ${direction}`).join(', ');
  const source = filter.categories.length > 1 ? eachCategoryFirst(filter, sort, window, values) : 'products';
  const conditions = filter.categories.length > 1 ? [] : conditionsOf(filter, sort, window, values);
  const limit = ` limit $${values.push((c) => c.window.limit)}::int8`;
  const offset = window.after ? '' : ` offset $${values.push((c) => c.window.offset)}::int8`;
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  const text = `select ${cardColumns('page')},
    to_char(page.renewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "sortAt"
  from (select ${listingColumnsOf('p')}
    from (select id from ${source}${where} order by ${order('')}${limit}${offset}) chosen
    join products p on p.id = chosen.id) page
  join users u on u.id = page.seller_id
  order by ${order('page.')}`;
  return { name: filter.q ? undefined : `listing-page/${shape}`, text, values };
}

/**
 * Several categories: each category's first rows (as many as the window reaches) from its own
 * index, merged. `category = any(…)` left PostgreSQL one index for all of them, filtered row by
 * row, or every matching row sorted: 2–8 ms a page (pg_stat_statements) against 0.1–0.3 ms.
 * Each listing has one category, so the branches never repeat a row.
 */
function eachCategoryFirst(filter: ListingFilter, sort: ProductSort, window: PageWindow, values: BuiltStatement['values']) {
  const shared = conditionsOf({ ...filter, categories: [] }, sort, window, values);
  const reach = `$${values.push((c) => c.window.offset + c.window.limit)}::int8`;
  const { order } = SORTS[sort];
  const columns = order.map(([column]) => column).join(', ');
  const orderBy = order.map(([column, direction]) => `${column} ${direction}`).join(', ');
  const branches = filter.categories.map((_, index) => {
    const category = `category = $${values.push((c) => c.filter.categories[index])}::text`;
    return `(select ${columns} from products where ${[...shared, category].join(' and ')} order by ${orderBy} limit ${reach})`;
  });
  return `(${branches.join(' union all ')}) branches`;
}

const pages = new Map<string, BuiltStatement>();

/** One page of cards as a statement, its text built the first time its shape is seen. */
export function listingPageStatement(filter: ListingFilter, sort: ProductSort, window: PageWindow): Statement {
  const shape = shapeOf(filter, sort, window);
  let built = pages.get(shape);
  if (!built) {
    built = buildPage(filter, sort, window, shape);
    pages.set(shape, built);
  }
  const call: Call = { filter, window };
  return { name: built.name, text: built.text, values: built.values.map((read) => read(call)) };
}

export function findListingPage(
  db: StatementRunner,
  filter: ListingFilter,
  sort: ProductSort,
  window: PageWindow,
): Promise<ListingPageRow[]> {
  return db.runStatement<ListingPageRow>(listingPageStatement(filter, sort, window));
}

/** A listing matching a search, with what each sort orders by (search-matches.ts). */
export interface MatchRow {
  id: string;
  category: Category;
  reserved: boolean;
  price: number;
  rating: number;
  /** renewed_at in microseconds since 1970 (below 2^53, so exact as a double). */
  at: number;
}

/**
 * Every listing the filter matches, whatever its categories (the facet counts need them all), at
 * most `limit`. Unnamed, as a search's page is.
 */
export function searchMatchesStatement(filter: ListingFilter, limit: number): Statement {
  const facets: ListingFilter = { ...filter, categories: [] };
  const window: PageWindow = { limit, offset: 0 };
  const shape = `matches/${shapeOf(facets, 'newest', window)}`;
  let built = pages.get(shape);
  if (!built) {
    const values: BuiltStatement['values'] = [];
    const conditions = conditionsOf(facets, 'newest', window, values);
    const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
    const text = `select id, category, reserved, price::float8 as price, rating::float8 as rating,
      (extract(epoch from renewed_at) * 1000000)::float8 as at
    from products${where} limit $${values.push((c) => c.window.limit)}::int8`;
    built = { name: undefined, text, values };
    pages.set(shape, built);
  }
  const call: Call = { filter: facets, window };
  return { name: undefined, text: built.text, values: built.values.map((read) => read(call)) };
}

export function findSearchMatches(db: StatementRunner, filter: ListingFilter, limit: number): Promise<MatchRow[]> {
  return db.runStatement<MatchRow>(searchMatchesStatement(filter, limit));
}

/**
 * The ids of the first `limit` visible listings in one sort (catalogue-order.ts): from the sort's
 * index alone, as a page's ids are, but once for all the pages they fill.
 */
export function catalogueOrderStatement(sort: ProductSort, limit: number): Statement {
  const order = SORTS[sort].order.map(([column, direction]) => `${column} ${direction}`).join(', ');
  return {
    name: `catalogue-order/${sort}`,
    text: `select id from products where not hidden order by ${order} limit $1::int8`,
    values: [limit],
  };
}

export async function findCatalogueOrder(db: StatementRunner, sort: ProductSort, limit: number): Promise<string[]> {
  const rows = await db.runStatement<{ id: string }>(catalogueOrderStatement(sort, limit));
  return rows.map((row) => row.id);
}

const CARDS_BY_IDS = `select ${cardColumns('p')},
    to_char(p.renewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "sortAt"
  from products p join users u on u.id = p.seller_id where p.id = any($1::uuid[])`;

/** The cards of these listings, in the order given (one deleted meanwhile is left out). */
export async function findListingCards(db: StatementRunner, ids: string[]): Promise<ListingPageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.runStatement<ListingPageRow>({ name: 'listing-cards-by-id', text: CARDS_BY_IDS, values: [ids] });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const CARD_BY_ID = `select ${cardColumns('p')} from products p join users u on u.id = p.seller_id where p.id = $1::uuid`;

/** One card by id (the product page), whether or not the listing is hidden from browsing. */
export function productCardStatement(id: string): Statement {
  return { name: 'product-card', text: CARD_BY_ID, values: [id] };
}

export async function findProductCard(db: StatementRunner, id: string): Promise<ProductCardRow | undefined> {
  const [row] = await db.runStatement<ProductCardRow>(productCardStatement(id));
  return row;
}
