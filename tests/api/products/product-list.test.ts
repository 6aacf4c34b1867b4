import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { buyRequests, users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { type NewListing, insertListings, insertUser } from '../../support/factories.ts';
import { jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let asha: UserRow;
let bilal: UserRow;
let chitra: UserRow;
let buyer: UserRow;
let cookie: string;
let buyerCookie: string;
/** Title → id of the known catalogue. */
const ids = new Map<string, string>();

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/** The known catalogue, listed oldest first. */
type Seller = 'asha' | 'bilal' | 'chitra';
const CATALOGUE: (Omit<NewListing, 'sellerId'> & { seller: Seller; title: string })[] = [
  { seller: 'asha', title: 'Casio fx-991EX calculator', category: 'Electronics', price: 900, rating: 4.5 },
  { seller: 'asha', title: 'Engineering Mathematics by Grewal', category: 'Books', price: 350, rating: 4 },
  { seller: 'bilal', title: 'Hero Sprint 26T bicycle', category: 'Cycle', price: 3200, rating: 3.5 },
  { seller: 'bilal', title: 'Study table with drawer', category: 'Furniture', price: 1500, rating: 5 },
  { seller: 'asha', title: 'Winter jacket (M)', category: 'Clothing', price: 800, rating: 2 },
  { seller: 'chitra', title: 'Drawing instruments set', category: 'Stationery', price: 250, rating: 4 },
  { seller: 'chitra', title: 'Scientific CALCULATOR Casio fx-82', category: 'Electronics', price: 450, rating: 3 },
  { seller: 'asha', title: '100% cotton bedsheet', category: 'Others', price: 300, rating: 0 },
  { seller: 'bilal', title: 'Lab_coat size L', category: 'Clothing', price: 200, rating: 1 },
  { seller: 'chitra', title: 'Bluetooth headphones', category: 'Electronics', price: 1200, rating: 4.5 },
  { seller: 'asha', title: 'Data Structures textbook', category: 'Books', price: 420, rating: 0 },
];
const titlesOldestFirst = () => CATALOGUE.map((listing) => listing.title);

beforeAll(async () => {
  t = await createTestApp();
  asha = await insertUser(t.app.db, { userName: 'asha' });
  bilal = await insertUser(t.app.db, { userName: 'bilal' });
  chitra = await insertUser(t.app.db, { userName: 'chitra' });
  buyer = await insertUser(t.app.db, { userName: 'buyer' });
  cookie = await sessionCookieFor(t, chitra.id);
  buyerCookie = await sessionCookieFor(t, buyer.id);
  const sellers = { asha, bilal, chitra };
  const listings = CATALOGUE.map(({ seller, ...listing }, index) => ({
    ...listing,
    sellerId: sellers[seller].id,
    createdAt: day(index + 1),
  }));
  const newIds = await insertListings(t.app.db, listings);
  listings.forEach((listing, index) => ids.set(listing.title, newIds[index]!));
  await t.app.db.insert(buyRequests).values([
    { productId: ids.get('Hero Sprint 26T bicycle')!, buyerId: buyer.id, message: 'Still available?' },
    { productId: ids.get('Drawing instruments set')!, buyerId: buyer.id, message: 'Can you do 200?', status: 'rejected' },
  ]);
});
afterAll(() => t.close());

async function list(query: string, as = cookie) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/products${query}`, headers: { cookie: as } });
  expect(response.statusCode).toBe(200);
  return body<ProductListResponse>(response);
}

const titles = (answer: ProductListResponse) => answer.products.map((product) => product.title);

const everyCategory = [
  { name: 'Books', count: 2 },
  { name: 'Clothing', count: 2 },
  { name: 'Cycle', count: 1 },
  { name: 'Electronics', count: 3 },
  { name: 'Furniture', count: 1 },
  { name: 'Others', count: 1 },
  { name: 'Stationery', count: 1 },
];

describe('the product list', () => {
  it('lists newest first with the total, the pages and the categories present, alphabetical', async () => {
    const answer = await list('');
    expect(titles(answer)).toEqual(titlesOldestFirst().reverse());
    expect(answer).toMatchObject({ success: true, total: 11, page: 1, totalPages: 1, categories: everyCategory });
  });

  it('gives every card its seller and photos', async () => {
    const [card] = (await list('?limit=1')).products;
    expect(card).toMatchObject({ title: 'Data Structures textbook', seller: { _id: asha.id, userName: 'asha' } });
    expect(card!.images).toHaveLength(1);
  });

  it.each([
    ['oldest', titlesOldestFirst()],
    [
      'priceLowHigh',
      [
        'Lab_coat size L',
        'Drawing instruments set',
        '100% cotton bedsheet',
        'Engineering Mathematics by Grewal',
        'Data Structures textbook',
        'Scientific CALCULATOR Casio fx-82',
        'Winter jacket (M)',
        'Casio fx-991EX calculator',
        'Bluetooth headphones',
        'Study table with drawer',
        'Hero Sprint 26T bicycle',
      ],
    ],
    [
      'priceHighLow',
      [
        'Hero Sprint 26T bicycle',
        'Study table with drawer',
        'Bluetooth headphones',
        'Casio fx-991EX calculator',
        'Winter jacket (M)',
        'Scientific CALCULATOR Casio fx-82',
        'Data Structures textbook',
        'Engineering Mathematics by Grewal',
        '100% cotton bedsheet',
        'Drawing instruments set',
        'Lab_coat size L',
      ],
    ],
    [
      // Ties on rating go newest first.
      'rating',
      [
        'Study table with drawer',
        'Bluetooth headphones',
        'Casio fx-991EX calculator',
        'Drawing instruments set',
        'Engineering Mathematics by Grewal',
        'Hero Sprint 26T bicycle',
        'Scientific CALCULATOR Casio fx-82',
        'Winter jacket (M)',
        'Lab_coat size L',
        'Data Structures textbook',
        '100% cotton bedsheet',
      ],
    ],
  ])('sorts by %s', async (sort, expected) => {
    expect(titles(await list(`?sort=${sort}`))).toEqual(expected);
  });

  it('pages through the matches', async () => {
    const first = await list('?limit=4');
    expect(first).toMatchObject({ total: 11, page: 1, totalPages: 3 });
    expect(titles(first)).toEqual(titlesOldestFirst().reverse().slice(0, 4));
    const last = await list('?limit=4&page=3');
    expect(titles(last)).toEqual(['Hero Sprint 26T bicycle', 'Engineering Mathematics by Grewal', 'Casio fx-991EX calculator']);
    const beyond = await list('?limit=4&page=4');
    expect(beyond).toMatchObject({ products: [], total: 11, page: 4, totalPages: 3 });
  });

  it('filters by one category, keeping every category in the checklist', async () => {
    const answer = await list('?category=Electronics');
    expect(titles(answer)).toEqual(['Bluetooth headphones', 'Scientific CALCULATOR Casio fx-82', 'Casio fx-991EX calculator']);
    expect(answer.total).toBe(3);
    expect(answer.categories).toEqual(everyCategory);
  });

  it('filters by several categories', async () => {
    const answer = await list('?category=Books&category=Cycle&sort=priceLowHigh');
    expect(titles(answer)).toEqual(['Engineering Mathematics by Grewal', 'Data Structures textbook', 'Hero Sprint 26T bicycle']);
    expect(answer.total).toBe(3);
  });

  it("treats 'All' as every category", async () => {
    expect((await list('?category=All')).total).toBe(11);
    expect((await list('?category=All&category=Books')).total).toBe(11);
  });

  it('searches titles case-insensitively, with the total and categories of the matches', async () => {
    const answer = await list('?q=%20calculator%20');
    expect(titles(answer)).toEqual(['Scientific CALCULATOR Casio fx-82', 'Casio fx-991EX calculator']);
    expect(answer).toMatchObject({ total: 2, totalPages: 1, categories: [{ name: 'Electronics', count: 2 }] });
  });

  it('takes % and _ in a search literally', async () => {
    expect(titles(await list('?q=%25'))).toEqual(['100% cotton bedsheet']);
    expect(titles(await list('?q=_'))).toEqual(['Lab_coat size L']);
    expect(titles(await list('?q=\\'))).toEqual([]);
  });

  it('combines search, category and sort', async () => {
    const answer = await list('?q=A&category=Clothing&sort=priceLowHigh');
    expect(titles(answer)).toEqual(['Lab_coat size L', 'Winter jacket (M)']);
    expect(answer.total).toBe(2);
    // The checklist follows the search but not the category filter.
    expect(answer.categories.map((category) => category.name)).toContain('Books');
  });

  it('finds nothing for a search that matches nothing', async () => {
    expect(await list('?q=skateboard')).toMatchObject({ products: [], total: 0, totalPages: 0, categories: [] });
  });

  it('shows only the listings the caller sent a buy request for, whatever its status', async () => {
    const answer = await list('?requested=true', buyerCookie);
    expect(titles(answer)).toEqual(['Drawing instruments set', 'Hero Sprint 26T bicycle']);
    expect(answer).toMatchObject({
      total: 2,
      categories: [
        { name: 'Cycle', count: 1 },
        { name: 'Stationery', count: 1 },
      ],
    });
    expect((await list('?requested=true', cookie)).total).toBe(0);
    expect((await list('?requested=false', buyerCookie)).total).toBe(11);
  });

  it("lists one seller's listings", async () => {
    const answer = await list(`?sellerId=${chitra.id}`);
    expect(titles(answer)).toEqual(['Bluetooth headphones', 'Scientific CALCULATOR Casio fx-82', 'Drawing instruments set']);
    expect(answer.total).toBe(3);
  });

  it('leaves the current product out of Similar Products', async () => {
    const answer = await list(`?category=Electronics&excludeId=${ids.get('Bluetooth headphones')}`);
    expect(titles(answer)).toEqual(['Scientific CALCULATOR Casio fx-82', 'Casio fx-991EX calculator']);
    expect(answer.total).toBe(2);
    expect(answer.categories).toContainEqual({ name: 'Electronics', count: 2 });
  });

  it.each([
    ['?limit=101', 'a page larger than 100'],
    ['?limit=0', 'an empty page'],
    ['?page=0', 'page zero'],
    ['?sort=cheapest', 'an unknown sort'],
    ['?category=Cars', 'an unknown category'],
    ['?excludeId=abc', 'a malformed id'],
  ])('refuses %s (%s)', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/products${query}`, headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(body(response).success).toBe(false);
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(401);
  });
});

describe('totals and categories after changes', () => {
  it('counts a listing sold through the API in its search at once', async () => {
    expect((await list('?q=kettle')).total).toBe(0);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/createProduct',
      headers: { cookie },
      payload: listingForm(
        { title: 'Electric kettle', description: '1.5 litre', price: 600, category: 'Electronics', condition: 'Like New' },
        [await jpegPhoto()],
      ),
    });
    expect(response.statusCode).toBe(201);
    expect(await list('?q=kettle')).toMatchObject({ total: 1, categories: [{ name: 'Electronics', count: 1 }] });
    expect((await list('')).categories).toContainEqual({ name: 'Electronics', count: 4 });
  });

  it('moves the count when an edit changes the category', async () => {
    const id = ids.get('Engineering Mathematics by Grewal')!;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/edit/${id}`,
      headers: { cookie: await sessionCookieFor(t, asha.id) },
      payload: listingForm({
        title: 'Engineering Mathematics by Grewal',
        description: 'Notes inside',
        price: 350,
        category: 'Others',
        condition: 'Fair',
      }),
    });
    expect(response.statusCode).toBe(200);
    const { categories } = await list('');
    expect(categories).toContainEqual({ name: 'Books', count: 1 });
    expect(categories).toContainEqual({ name: 'Others', count: 2 });
  });

  it("drops a deleted user's listings from the totals and categories", async () => {
    const before = (await list('')).total;
    // Written past the routes, as another instance or psql would: the listing cache hears of it
    // through the triggers' NOTIFY, which on PostgreSQL arrives a moment after the commit.
    await t.app.db.delete(users).where(eq(users.id, bilal.id));
    await expect.poll(async () => (await list('')).total, { timeout: 1000, interval: 20 }).toBe(before - 3);
    const answer = await list('');
    expect(answer.categories.map((category) => category.name)).toEqual([
      'Books',
      'Clothing',
      'Electronics',
      'Others',
      'Stationery',
    ]);
    expect(titles(answer)).not.toContain('Hero Sprint 26T bicycle');
  });
});
