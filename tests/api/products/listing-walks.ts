import { expect } from 'vitest';
import type { MyListingsResponse, ProductListResponse } from '#domain/products/product.wire.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import type { NewListing } from '../../support/factories.ts';
import { type TestApp, body } from '../../support/test-app.ts';

export const HOUR = 3_600_000;
export const START = Date.UTC(2026, 0, 1, 12);
export const TIED_PRICES = [500, 120.5, 500, 999.99, 500];
const RATINGS = [4.5, 4.5, 3, 0, 5];
export const TIED_CATEGORIES = ['Books', 'Cycle', 'Electronics'] as const;

/**
 * Listings full of ties: three share each hour, prices and ratings repeat, so every page boundary
 * of a small page falls inside a run of equal sort values and only the id breaks it. Listing i is
 * in TIED_CATEGORIES[i % 3].
 */
export function tiedListings(count: number, sellers: UserRow[], title: (index: number) => string): NewListing[] {
  return Array.from({ length: count }, (_, index) => ({
    sellerId: sellers[index % sellers.length]!.id,
    title: title(index),
    category: TIED_CATEGORIES[index % TIED_CATEGORIES.length],
    price: TIED_PRICES[index % TIED_PRICES.length],
    rating: RATINGS[index % RATINGS.length],
    createdAt: new Date(START + Math.floor(index / 3) * HOUR),
  }));
}

type Page = ProductListResponse | MyListingsResponse;
export const idsOf = (page: Page) => page.products.map((product) => product._id);

/** Reading a list page by page, as a client does, with `cookie` unless another is given (both read when called: set in beforeAll). */
export function listingWalks(app: () => TestApp, cookie: () => string) {
  async function get<T>(url: string, as = cookie()): Promise<T> {
    const response = await app().app.inject({ method: 'GET', url, headers: { cookie: as } });
    expect(response.statusCode, response.body).toBe(200);
    return body<T>(response);
  }

  /** Every page by number, as clients without cursors walk. */
  async function walkByPage(path: string, query: string, as = cookie()): Promise<string[]> {
    const first = await get<Page>(`${path}?${query}`, as);
    const ids = idsOf(first);
    for (let page = 2; page <= first.totalPages; page++) ids.push(...idsOf(await get<Page>(`${path}?${query}&page=${page}`, as)));
    return ids;
  }

  /** Every page by following nextCursor from the first, with the page numbers it answered. */
  async function walkByCursor(path: string, query: string, as = cookie(), between?: () => Promise<void>) {
    const ids: string[] = [];
    const pages: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      // A cursor that does not move on would walk forever: no walk here is near this long.
      if (pages.length === 100) throw new Error(`The walk did not end: ${path}?${query}`);
      const page: Page = await get<Page>(`${path}?${query}${cursor ? `&cursor=${cursor}` : ''}`, as);
      ids.push(...idsOf(page));
      pages.push(page.page);
      cursor = page.nextCursor;
      await between?.();
    }
    return { ids, pages };
  }

  return { get, walkByPage, walkByCursor };
}
