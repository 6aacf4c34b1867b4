import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSort } from '#domain/catalog.ts';
import type { Statement } from '#server/db/client.ts';
import { type ListingFilter, catalogueOrderStatement, listingPageStatement } from '#server/products/listing-statements.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * A deep page of the list reads its ids from the sort's index alone, over the listings browsing
 * shows: the rows an offset skips, and the hidden (expired) rows, are never read from the table.
 * The oldest listings are mostly expired ones, so Oldest used to walk past thousands of them for
 * every page (76 ms a page on the 100k catalogue). Runs in the PostgreSQL pass, where the
 * planner's choice is the one production makes.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await insertUser(t.app.db, { userName: 'long-time-seller' });
  // 4,000 listings in seven categories, one a day back from now: the older 2,500 expired (hidden), the newest 1,500 shown.
  await t.app.dbHandle.runSql(
    `insert into products (seller_id, title, description, price, category, condition, renewed_at, created_at, expires_at, expired)
     select $1::uuid, 'Listing ' || g, 'Gently used', 100 + g % 900,
            (array['Books', 'Cycle', 'Electronics', 'Furniture', 'Clothing', 'Stationery', 'Others'])[1 + g % 7], 'Good',
            now() - g * interval '1 day', now() - g * interval '1 day', now() - g * interval '1 day' + interval '60 days', g > 1500
       from generate_series(1, 4000) g`,
    [seller.id],
  );
  await t.app.dbHandle.runSql('vacuum analyze products');
});
afterAll(() => t.close());

async function explained(statement: Statement): Promise<string> {
  const { rows } = await t.app.dbHandle.runSql(`explain (analyze, costs off) ${statement.text}`, statement.values);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

function plan(sort: ProductSort, offset: number, filter: Partial<ListingFilter> = {}): Promise<string> {
  return explained(listingPageStatement({ categories: [], ...filter }, sort, { limit: 25, offset }));
}

describe('deep pages of the list (PostgreSQL plans)', () => {
  it.each([
    ['oldest', 'products_visible_oldest_idx'],
    ['newest', 'products_visible_newest_idx'],
    ['priceHighLow', 'products_visible_price_high_idx'],
    ['priceLowHigh', 'products_visible_price_low_idx'],
    ['rating', 'products_visible_rating_idx'],
  ] as const)('pages %s by an index-only scan of %s, skipping no hidden row', async (sort, index) => {
    const shown = await plan(sort, 1000);
    expect(shown).toMatch(new RegExp(`Index Only Scan (Backward )?using ${index}`));
    expect(shown).not.toContain('Rows Removed by Filter');
  });

  it.each([
    ['oldest', 'products_visible_oldest_idx'],
    ['newest', 'products_visible_newest_idx'],
    ['priceHighLow', 'products_visible_price_high_idx'],
    ['priceLowHigh', 'products_visible_price_low_idx'],
    ['rating', 'products_visible_rating_idx'],
  ] as const)("reads the ids of the catalogue's first listings, %s, by an index-only scan of %s", async (sort, index) => {
    const shown = await explained(catalogueOrderStatement(sort, 1200));
    expect(shown).toMatch(new RegExp(`Index Only Scan (Backward )?using ${index}`));
    expect(shown).not.toContain('Sort');
  });

  it.each([
    ['newest', 'products_visible_category_newest_idx'],
    ['oldest', 'products_visible_category_oldest_idx'],
    ['priceLowHigh', 'products_visible_category_price_low_idx'],
    ['rating', 'products_visible_category_rating_idx'],
  ] as const)(
    'pages a category with a price range and conditions, %s, from %s alone (no listing read to test its price)',
    async (sort, index) => {
      const shown = await plan(sort, 200, {
        categories: ['Books'],
        minPrice: 300,
        maxPrice: 600,
        conditions: ['Good', 'Fair'],
      });
      expect(shown).toMatch(new RegExp(`Index Only Scan (Backward )?using ${index}`));
      expect(shown).toMatch(/Heap Fetches: 0/);
    },
  );

  it.each([
    ['newest', 'products_visible_category_newest_idx'],
    ['rating', 'products_visible_category_rating_idx'],
  ] as const)(
    'pages two categories by %s from each one’s own index (%s), as far as the page reaches in each',
    async (sort, index) => {
      const shown = await plan(sort, 200, { categories: ['Books', 'Cycle'], minPrice: 300 });
      expect(shown.match(new RegExp(`Index Only Scan (Backward )?using ${index}`, 'g'))).toHaveLength(2);
      expect(shown).not.toContain('Rows Removed by Filter');
    },
  );
});
