import { PRODUCT_SORTS, type ProductSort } from '../catalog.ts';

/**
 * Where the next page of a listing walk starts: the sort it walks, the number of the page it
 * opens, and the last row's sort key and id (keyset paging: the next page is the rows after that
 * key, so its cost does not grow with the depth and rows added meanwhile are neither repeated
 * nor skipped). On the wire it is opaque: base64url of a JSON list.
 */
export interface ListingCursor {
  sort: ProductSort;
  page: number;
  /** The last row's sort values as exact text: created_at to the microsecond, prices and ratings as decimals. */
  key: string[];
  id: string;
}

/** Largest page a cursor may name: the same bound as `page`. */
export const CURSOR_PAGE_MAX = 100_000;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const PRICE = /^\d{1,10}(\.\d{1,2})?$/;
const RATING = /^[0-5](\.\d)?$/;
/** The reserved tier a row is in ('true'/'false'), which every sort walks first (issue 23). */
const TIER = /^(true|false)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The shape of each sort's key, column by column, as the listing's ORDER BY reads it (before the id). */
const KEY_SHAPES: Record<ProductSort, RegExp[]> = {
  newest: [TIER, TIMESTAMP],
  oldest: [TIER, TIMESTAMP],
  priceLowHigh: [TIER, PRICE],
  priceHighLow: [TIER, PRICE],
  rating: [TIER, RATING, TIMESTAMP],
};

export function encodeListingCursor(cursor: ListingCursor): string {
  const json = JSON.stringify([cursor.sort, cursor.page, ...cursor.key, cursor.id]);
  // Every part is ASCII (names, digits, ISO times, uuids), so btoa takes it as it is.
  return btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
}

function isSort(value: unknown): value is ProductSort {
  return (PRODUCT_SORTS as readonly unknown[]).includes(value);
}

/** The cursor a link carries, or undefined when it is not one this server could have made. */
export function decodeListingCursor(text: string): ListingCursor | undefined {
  const json = fromBase64Url(text);
  const parts = json === undefined ? undefined : parseJson(json);
  if (!Array.isArray(parts)) return undefined;
  const [sort, page, ...rest] = parts as unknown[];
  if (!isSort(sort) || !Number.isInteger(page) || (page as number) < 2 || (page as number) > CURSOR_PAGE_MAX) return undefined;
  const shapes = KEY_SHAPES[sort];
  const id = rest.pop();
  if (rest.length !== shapes.length || typeof id !== 'string' || !UUID.test(id)) return undefined;
  const key = rest.filter((value, index): value is string => typeof value === 'string' && shapes[index]!.test(value));
  return key.length === shapes.length ? { sort, page: page as number, key, id } : undefined;
}
