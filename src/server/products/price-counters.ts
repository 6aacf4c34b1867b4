import type { Category } from '#domain/catalog.ts';
import type { CategoryCounts, PriceRange } from './products.repository.ts';

/** One row of product_price_counts (migration 0025): visible listings at one price in one category. */
export interface PriceCounterRow {
  category: Category;
  price: number;
  count: number;
}

/** One category's prices, ascending, and how many visible listings cost less than each (one more entry: all of them). */
interface CategoryPrices {
  prices: number[];
  below: number[];
}

/**
 * The price counters, whole, in memory: a few thousand rows (prices are round), read once per
 * listing change, so a range typed by hand is summed here by two binary searches per category
 * instead of a statement per range (issue 25: those statements were the filters' largest cost in
 * PostgreSQL and a round trip each). Kept in the listing cache's priceCounters, which every listing
 * change clears, as the category counters are.
 */
export class PriceCounters {
  private readonly byCategory = new Map<Category, CategoryPrices>();

  constructor(rows: PriceCounterRow[]) {
    const grouped = new Map<Category, PriceCounterRow[]>();
    for (const row of rows) {
      if (row.count <= 0) continue;
      const list = grouped.get(row.category) ?? [];
      list.push(row);
      grouped.set(row.category, list);
    }
    for (const [category, list] of grouped) {
      list.sort((a, b) => a.price - b.price);
      const below = [0];
      for (const row of list) below.push(below.at(-1)! + row.count);
      this.byCategory.set(category, { prices: list.map((row) => row.price), below });
    }
  }

  /**
   * Visible listings per category with a price in the range, both ends included (categories with
   * none left out): what readPriceRangeCounters answers when no listing is left out. Prices are
   * numeric(12,2) read as doubles, and bounds are doubles: both sides round the same decimals, so
   * they compare as PostgreSQL's numerics do.
   */
  countsIn({ minPrice, maxPrice }: PriceRange): CategoryCounts {
    const counts: CategoryCounts = new Map();
    for (const [category, { prices, below }] of this.byCategory) {
      const from = minPrice === undefined ? 0 : firstIndex(prices, (price) => price >= minPrice);
      const to = maxPrice === undefined ? prices.length : firstIndex(prices, (price) => price > maxPrice);
      const count = to > from ? below[to]! - below[from]! : 0;
      if (count > 0) counts.set(category, count);
    }
    return counts;
  }
}

/** The first index whose price passes `test` (prices ascending, `test` false then true), or the length. */
function firstIndex(prices: number[], test: (price: number) => boolean): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(prices[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}
