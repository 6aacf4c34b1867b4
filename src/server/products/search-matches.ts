import type { Category, ProductSort } from '#domain/catalog.ts';
import type { MatchRow, PageWindow, RowKey } from './listing-statements.ts';
import type { CategoryCounts } from './products.repository.ts';

/**
 * A search matching more listings than this is paged by the database, whose sort indexes find a
 * page of a common word quickly; below it, one scan of the matches serves every page.
 */
export const SEARCH_MATCHES_MAX = 3000;
/** What the cache keeps for a search with more matches than that: the database pages it. */
export const TOO_MANY_MATCHES = 'too-many';

/** A match as the sorts compare it: `reserved` as 0 or 1 (every sort puts reserved listings last). */
interface Position {
  id: string;
  reserved: number;
  price: number;
  rating: number;
  at: number;
}

type Match = Position & { category: Category };
type Field = 'price' | 'rating' | 'at';

/**
 * Each sort of listing-statements.ts (SORTS) after the reserved tier, which always comes first:
 * its columns and their direction, then the id's. Every column is a number, a boolean or a uuid,
 * so the order here is the database's exactly (no collation involved).
 */
const ORDERS: Record<ProductSort, { fields: [Field, 1 | -1][]; id: 1 | -1 }> = {
  newest: { fields: [['at', -1]], id: -1 },
  oldest: { fields: [['at', 1]], id: 1 },
  priceLowHigh: { fields: [['price', 1]], id: 1 },
  priceHighLow: { fields: [['price', -1]], id: -1 },
  rating: {
    fields: [
      ['rating', -1],
      ['at', -1],
    ],
    id: -1,
  },
};

function compare(sort: ProductSort, a: Position, b: Position): number {
  if (a.reserved !== b.reserved) return a.reserved - b.reserved;
  const order = ORDERS[sort];
  for (const [field, direction] of order.fields) {
    if (a[field] !== b[field]) return a[field] < b[field] ? -direction : direction;
  }
  if (a.id === b.id) return 0;
  return a.id < b.id ? -order.id : order.id;
}

/** renewed_at as a cursor writes it (YYYY-MM-DDTHH:MM:SS.uuuuuuZ, UTC) in microseconds. */
function microsOf(text: string): number {
  return Date.parse(`${text.slice(0, 19)}Z`) * 1000 + Number(text.slice(20, 26));
}

/**
 * Where a cursor stands, as a Position. Its key is the sort's (SORTS[sort].key, checked by
 * parseListingCursor): first the tier, `reserved` for ascending sorts and `unreserved` for
 * descending ones, then the sort's columns in ORDERS' order.
 */
function positionOf(sort: ProductSort, after: RowKey): Position {
  const order = ORDERS[sort];
  const tier = after.key[0] === 'true';
  const reserved = order.id === 1 ? tier : !tier;
  const position: Position = { id: after.id.toLowerCase(), reserved: reserved ? 1 : 0, price: 0, rating: 0, at: 0 };
  order.fields.forEach(([field], index) => {
    const text = after.key[index + 1] ?? '';
    position[field] = field === 'at' ? microsOf(text) : Number(text);
  });
  return position;
}

/**
 * Every listing a search matches (its text, conditions, price range and the viewer's blocks), with
 * what the sorts order by: one scan of the database then serves each of its sorts, pages, cursors
 * and category choices, and its category counts (issue 25: a student's next page or other sort of
 * the same search used to scan the matches again, twice with the count). Kept in the listing
 * cache's searchMatches, which every listing change clears.
 */
export class SearchMatches {
  private readonly sorted = new Map<ProductSort, Match[]>();
  private readonly matches: Match[];

  constructor(rows: MatchRow[]) {
    this.matches = rows.map((row) => ({
      id: row.id,
      category: row.category,
      reserved: row.reserved ? 1 : 0,
      price: row.price,
      rating: row.rating,
      at: row.at,
    }));
  }

  get size(): number {
    return this.matches.length;
  }

  /** The matches per category, as countListingsByCategory counts them (only categories with some). */
  counts(): CategoryCounts {
    const counts: CategoryCounts = new Map();
    for (const match of this.matches) counts.set(match.category, (counts.get(match.category) ?? 0) + 1);
    return counts;
  }

  /** The ids of one window of the sort, in the chosen categories (none: all), and whether more follow. */
  page(sort: ProductSort, categories: Category[], window: PageWindow): { ids: string[]; more: boolean } {
    const chosen = new Set(categories);
    const ordered = categories.length === 0 ? this.inOrder(sort) : this.inOrder(sort).filter((m) => chosen.has(m.category));
    const start = window.after ? firstAfter(ordered, sort, positionOf(sort, window.after)) : window.offset;
    const end = start + window.limit;
    return { ids: ordered.slice(start, end).map((match) => match.id), more: end < ordered.length };
  }

  private inOrder(sort: ProductSort): Match[] {
    let ordered = this.sorted.get(sort);
    if (!ordered) {
      ordered = [...this.matches].sort((a, b) => compare(sort, a, b));
      this.sorted.set(sort, ordered);
    }
    return ordered;
  }
}

/** The index of the first match after `position` in the sort (binary search). */
function firstAfter(ordered: Match[], sort: ProductSort, position: Position): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sort, ordered[middle]!, position) > 0) high = middle;
    else low = middle + 1;
  }
  return low;
}
