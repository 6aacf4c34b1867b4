import { describe, expect, it } from 'vitest';
import type { Category } from '#domain/catalog.ts';
import { PriceCounters, type PriceCounterRow } from './price-counters.ts';
import type { PriceRange } from './products.repository.ts';

const rows: PriceCounterRow[] = [
  { category: 'Books', price: 300, count: 2 },
  { category: 'Books', price: 99.99, count: 1 },
  { category: 'Books', price: 1250.5, count: 3 },
  { category: 'Others', price: 300, count: 4 },
  { category: 'Others', price: 0, count: 1 },
  { category: 'Cycle', price: 5000, count: 0 },
];

/** A repeatable sequence in [0, 1) (a linear congruential generator): the same ranges every run. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

/** What summing the rows in the range gives (the statement readPriceRangeCounters runs). */
function summed(list: PriceCounterRow[], { minPrice, maxPrice }: PriceRange) {
  const counts = new Map<Category, number>();
  for (const row of list) {
    if ((minPrice !== undefined && row.price < minPrice) || (maxPrice !== undefined && row.price > maxPrice)) continue;
    counts.set(row.category, (counts.get(row.category) ?? 0) + row.count);
  }
  for (const [category, count] of counts) if (count <= 0) counts.delete(category);
  return counts;
}

describe('PriceCounters', () => {
  const counters = new PriceCounters(rows);

  it('counts the listings whose price is in the range, both ends included', () => {
    expect(counters.countsIn({ minPrice: 300, maxPrice: 1250.5 })).toEqual(
      new Map([
        ['Books', 5],
        ['Others', 4],
      ]),
    );
    expect(counters.countsIn({ minPrice: 99.99, maxPrice: 99.99 })).toEqual(new Map([['Books', 1]]));
  });

  it('leaves either end open', () => {
    expect(counters.countsIn({ maxPrice: 299.99 })).toEqual(
      new Map([
        ['Books', 1],
        ['Others', 1],
      ]),
    );
    expect(counters.countsIn({ minPrice: 300.01 })).toEqual(new Map([['Books', 3]]));
    expect(counters.countsIn({})).toEqual(
      new Map([
        ['Books', 6],
        ['Others', 5],
      ]),
    );
  });

  it('leaves out categories with no listing in the range, and rows that count none', () => {
    expect(counters.countsIn({ minPrice: 2000 })).toEqual(new Map());
    expect(counters.countsIn({ minPrice: 1000, maxPrice: 10 })).toEqual(new Map());
  });

  it('answers random ranges as a sum of the rows in them does', () => {
    const random = sequence(25);
    const categories: Category[] = ['Books', 'Electronics', 'Furniture', 'Others'];
    const many: PriceCounterRow[] = Array.from({ length: 400 }, () => ({
      category: categories[Math.floor(random() * categories.length)]!,
      price: Math.round(random() * 600000) / 100,
      count: 1 + Math.floor(random() * 5),
    }));
    const table = new PriceCounters(many);
    for (let i = 0; i < 200; i++) {
      const minPrice = random() < 0.2 ? undefined : Math.round(random() * 300000) / 100;
      const maxPrice = random() < 0.2 ? undefined : (minPrice ?? 0) + Math.floor(random() * 5000);
      expect(table.countsIn({ minPrice, maxPrice })).toEqual(summed(many, { minPrice, maxPrice }));
    }
  });
});
