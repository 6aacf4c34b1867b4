import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SORTS, type ProductSort } from '#domain/catalog.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { encodeListingCursor } from '#domain/products/listing-cursor.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { products, userBlocks } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { TIED_CATEGORIES, idsOf, listingWalks, tiedListings } from './listing-walks.ts';

let t: TestApp;
let asha: UserRow;
let bilal: UserRow;
let blockedSeller: UserRow;
let viewerCookie: string;
let ashaCookie: string;
/** Every listing of the catalogue, and those the viewer may see (not hidden, not of a blocked seller). */
let allIds: string[];
let visibleIds: Set<string>;
let hiddenId: string;

const CATEGORIES = TIED_CATEGORIES;

beforeAll(async () => {
  t = await createTestApp();
  asha = await insertUser(t.app.db, { userName: 'asha' });
  bilal = await insertUser(t.app.db, { userName: 'bilal' });
  blockedSeller = await insertUser(t.app.db, { userName: 'blocked' });
  const viewer = await insertUser(t.app.db, { userName: 'viewer' });
  viewerCookie = await sessionCookieFor(t, viewer.id);
  ashaCookie = await sessionCookieFor(t, asha.id);
  allIds = await insertListings(
    t.app.db,
    tiedListings(27, [asha, bilal, blockedSeller], (index) => (index % 4 === 0 ? `Desk lamp ${index}` : `Listing ${index}`)),
  );
  // Three listings within one millisecond: only a cursor that keeps microseconds tells them apart.
  for (const [index, id] of allIds.slice(0, 3).entries()) {
    await t.app.db
      .update(products)
      .set({ createdAt: sql`${`2026-01-01T10:00:00.000${index + 1}00Z`}::timestamptz` })
      .where(eq(products.id, id));
  }
  hiddenId = allIds[3]!; // asha's
  await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, hiddenId));
  await t.app.db.insert(userBlocks).values({ blockerId: viewer.id, blockedId: blockedSeller.id });
  const blockedIds = new Set(allIds.filter((_, index) => index % 3 === 2));
  visibleIds = new Set(allIds.filter((id) => id !== hiddenId && !blockedIds.has(id)));
});
afterAll(() => t.close());

const { get, walkByPage, walkByCursor } = listingWalks(
  () => t,
  () => viewerCookie,
);

const PRODUCTS = '/api/v1/products';

describe('paging the product list by cursor', () => {
  it.each(PRODUCT_SORTS)('walks every visible listing exactly once, in the order of the numbered pages (%s)', async (sort) => {
    const byPage = await walkByPage(PRODUCTS, `sort=${sort}&limit=3`);
    const byCursor = await walkByCursor(PRODUCTS, `sort=${sort}&limit=3`);
    expect(byCursor.ids).toEqual(byPage);
    expect(new Set(byCursor.ids).size).toBe(byCursor.ids.length);
    expect(new Set(byCursor.ids)).toEqual(visibleIds);
    expect(byCursor.pages).toEqual(Array.from({ length: Math.ceil(visibleIds.size / 3) }, (_, index) => index + 1));
  });

  it.each(['newest', 'oldest', 'rating'] satisfies ProductSort[])(
    'keeps listings made within the same millisecond apart (%s, one per page)',
    async (sort) => {
      const byCursor = await walkByCursor(PRODUCTS, `sort=${sort}&limit=1`);
      expect(byCursor.ids).toEqual(await walkByPage(PRODUCTS, `sort=${sort}&limit=1`));
    },
  );

  it.each([
    ['a search', 'q=lamp'],
    ['two categories', 'category=Books&category=Electronics'],
    ['one category, one listing left out', () => `category=Cycle&excludeId=${allIds[1]}`],
    ["one seller's listings", () => `sellerId=${bilal.id}`],
  ])('walks %s the same way', async (_, filter) => {
    const query = typeof filter === 'function' ? filter() : filter;
    for (const sort of ['newest', 'priceHighLow'] satisfies ProductSort[]) {
      const byPage = await walkByPage(PRODUCTS, `${query}&sort=${sort}&limit=2`);
      expect(byPage.length).toBeGreaterThan(2);
      expect((await walkByCursor(PRODUCTS, `${query}&sort=${sort}&limit=2`)).ids).toEqual(byPage);
    }
  });

  it.each(PRODUCT_SORTS)("pages two categories in the whole catalogue's order narrowed to them (%s)", async (sort) => {
    const categoryOf = new Map(allIds.map((id, index) => [id, CATEGORIES[index % CATEGORIES.length]]));
    const chosen = (id: string) => ['Books', 'Electronics'].includes(categoryOf.get(id)!);
    const expected = (await walkByPage(PRODUCTS, `sort=${sort}&limit=5`)).filter(chosen);
    expect(expected.length).toBeGreaterThan(6);
    expect(await walkByPage(PRODUCTS, `category=Books&category=Electronics&sort=${sort}&limit=2`)).toEqual(expected);
    expect((await walkByCursor(PRODUCTS, `category=Electronics&category=Books&sort=${sort}&limit=2`)).ids).toEqual(expected);
    const third = await get<ProductListResponse>(`${PRODUCTS}?category=Books&category=Electronics&sort=${sort}&limit=2&page=3`);
    expect(third.total).toBe(expected.length);
  });

  it('shows a seller their own hidden listing when they walk their listings', async () => {
    const own = await walkByCursor(PRODUCTS, `sellerId=${asha.id}&limit=2`, ashaCookie);
    expect(own.ids).toContain(hiddenId);
    expect(own.ids).toEqual(await walkByPage(PRODUCTS, `sellerId=${asha.id}&limit=2`, ashaCookie));
  });

  it('continues a walk begun by page numbers from the cursor of any page', async () => {
    const second = await get<ProductListResponse>(`${PRODUCTS}?sort=priceLowHigh&limit=3&page=2`);
    const third = await get<ProductListResponse>(`${PRODUCTS}?sort=priceLowHigh&limit=3&page=3`);
    const next = await get<ProductListResponse>(`${PRODUCTS}?sort=priceLowHigh&limit=3&cursor=${second.nextCursor}`);
    expect(idsOf(next)).toEqual(idsOf(third));
    expect(next.page).toBe(3);
  });

  it('answers nextCursor null on the last page, and on an empty answer', async () => {
    const last = await get<ProductListResponse>(`${PRODUCTS}?limit=3&page=${Math.ceil(visibleIds.size / 3)}`);
    expect(last.products.length).toBeGreaterThan(0);
    expect(last.nextCursor).toBeNull();
    expect((await get<ProductListResponse>(`${PRODUCTS}?q=skateboard`)).nextCursor).toBeNull();
  });

  it('neither repeats nor skips a listing when one is added during the walk', async () => {
    let added: string | undefined;
    const walk = await walkByCursor(PRODUCTS, 'sort=newest&limit=4', viewerCookie, async () => {
      added ??= await insertListing(t.app.db, { sellerId: bilal.id, title: 'Added meanwhile', createdAt: new Date() });
    });
    expect(walk.ids).not.toContain(added);
    expect(new Set(walk.ids).size).toBe(walk.ids.length);
    expect(new Set(walk.ids)).toEqual(visibleIds);
    await t.app.db.delete(products).where(eq(products.id, added!));
  });
});

describe('paging My Listings by cursor', () => {
  it('walks every one of the seller’s listings once, hidden ones included', async () => {
    const path = `/api/v1/products/my-listings/${asha.id}`;
    const walk = await walkByCursor(path, 'limit=2', ashaCookie);
    expect(walk.ids).toEqual(await walkByPage(path, 'limit=2', ashaCookie));
    expect(walk.ids).toContain(hiddenId);
    expect(walk.ids).toHaveLength(allIds.filter((_, index) => index % 3 === 0).length);
  });
});

describe('a page link that is not valid', () => {
  const validNewest = () =>
    encodeListingCursor({ sort: 'newest', page: 2, key: ['true', '2026-01-01T12:00:00.000000Z'], id: allIds[0]! });

  it.each([
    ['not base64url', () => 'not a cursor!'],
    ['not JSON', () => 'bm90IGpzb24'],
    ['JSON of another shape', () => Buffer.from('{"page":2}').toString('base64url')],
    ['a key that is not a time', () => Buffer.from(`["newest",2,"yesterday","${allIds[0]}"]`).toString('base64url')],
    ['an id that is not one', () => Buffer.from('["newest",2,"2026-01-01T12:00:00.000000Z","x"]').toString('base64url')],
    ['a cursor of another sort', () => `${validNewest()}&sort=priceLowHigh`],
    ['an over-long cursor', () => 'A'.repeat(500)],
  ])('refuses %s with 400 and says the link is no longer valid', async (_, cursor) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${PRODUCTS}?cursor=${cursor()}`,
      headers: { cookie: viewerCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: productMessages.pageLinkInvalid });
  });

  it('refuses a cursor of another sort on My Listings', async () => {
    const cursor = encodeListingCursor({
      sort: 'rating',
      page: 2,
      key: ['true', '4.5', '2026-01-01T12:00:00.000000Z'],
      id: allIds[0]!,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/my-listings/${asha.id}?cursor=${cursor}`,
      headers: { cookie: ashaCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: productMessages.pageLinkInvalid });
  });

  it('accepts a well-formed cursor that points past the end, with an empty last page', async () => {
    // The last tier (reserved listings: unreserved = false), before any time: nothing comes after it.
    const cursor = encodeListingCursor({
      sort: 'newest',
      page: 9,
      key: ['false', '2000-01-01T00:00:00.000000Z'],
      id: allIds[0]!,
    });
    const answer = await get<ProductListResponse>(`${PRODUCTS}?cursor=${cursor}`);
    expect(answer).toMatchObject({ products: [], page: 9, nextCursor: null });
  });
});
