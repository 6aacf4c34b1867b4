import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '#domain/catalog.ts';
import { browseMessages } from '#domain/products/browse.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { products } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { eq } from 'drizzle-orm';
import { type NewListing, insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let seller: UserRow;
let viewer: UserRow;
let cookie: string;

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/** Listed oldest first. */
const CATALOGUE: (Omit<NewListing, 'sellerId'> & { title: string; condition: Condition })[] = [
  { title: 'Casio fx-991EX calculator', category: 'Electronics', condition: 'Like New', price: 900, rating: 4.5 },
  { title: 'Engineering Mathematics by Grewal', category: 'Books', condition: 'Good', price: 350, rating: 4 },
  { title: 'Hero Sprint 26T bicycle', category: 'Cycle', condition: 'Fair', price: 3200, rating: 3.5 },
  { title: 'Study table with drawer', category: 'Furniture', condition: 'Good', price: 1500, rating: 5 },
  { title: 'Winter jacket (M)', category: 'Clothing', condition: 'New', price: 800, rating: 2 },
  { title: 'Scientific calculator Casio fx-82', category: 'Electronics', condition: 'Good', price: 450, rating: 3 },
  { title: 'Bluetooth headphones', category: 'Electronics', condition: 'Like New', price: 1200, rating: 4.5 },
  { title: 'Data Structures textbook', category: 'Books', condition: 'Poor', price: 420, rating: 0 },
  { title: 'Graph paper pad', category: 'Stationery', condition: 'New', price: 60.5, rating: 0 },
];

beforeAll(async () => {
  t = await createTestApp();
  seller = await insertUser(t.app.db, { userName: 'asha' });
  viewer = await insertUser(t.app.db, { userName: 'bilal' });
  cookie = await sessionCookieFor(t, viewer.id);
  await insertListings(
    t.app.db,
    CATALOGUE.map((listing, index) => ({ ...listing, sellerId: seller.id, createdAt: day(index + 1) })),
  );
});
afterAll(() => t.close());

async function get(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/products${query}`, headers: { cookie } });
}

async function list(query: string) {
  const response = await get(query);
  expect(response.statusCode).toBe(200);
  return body<ProductListResponse>(response);
}

const titles = (answer: ProductListResponse) => answer.products.map((product) => product.title);

describe('the price range of the product list', () => {
  it('keeps listings priced between the bounds, both included, newest first', async () => {
    const answer = await list('?minPrice=420&maxPrice=1200');
    expect(titles(answer)).toEqual([
      'Data Structures textbook',
      'Bluetooth headphones',
      'Scientific calculator Casio fx-82',
      'Winter jacket (M)',
      'Casio fx-991EX calculator',
    ]);
    expect(answer.total).toBe(5);
  });

  it('takes either end alone', async () => {
    expect(titles(await list('?minPrice=1500&sort=priceLowHigh'))).toEqual([
      'Study table with drawer',
      'Hero Sprint 26T bicycle',
    ]);
    expect(titles(await list('?maxPrice=350&sort=priceLowHigh'))).toEqual([
      'Graph paper pad',
      'Engineering Mathematics by Grewal',
    ]);
  });

  it('takes paise and an empty bound as no bound', async () => {
    expect(titles(await list('?minPrice=&maxPrice=60.5'))).toEqual(['Graph paper pad']);
    expect(titles(await list('?maxPrice=60.49'))).toEqual([]);
  });

  it('counts the categories within the range (every filter but the categories)', async () => {
    const answer = await list('?minPrice=400&maxPrice=1000&category=Books');
    expect(titles(answer)).toEqual(['Data Structures textbook']);
    expect(answer.total).toBe(1);
    expect(answer.categories).toEqual([
      { name: 'Books', count: 1 },
      { name: 'Clothing', count: 1 },
      { name: 'Electronics', count: 2 },
    ]);
  });

  it.each([
    [
      'priceLowHigh',
      ['Scientific calculator Casio fx-82', 'Winter jacket (M)', 'Casio fx-991EX calculator', 'Bluetooth headphones'],
    ],
    [
      'priceHighLow',
      ['Bluetooth headphones', 'Casio fx-991EX calculator', 'Winter jacket (M)', 'Scientific calculator Casio fx-82'],
    ],
    ['oldest', ['Casio fx-991EX calculator', 'Winter jacket (M)', 'Scientific calculator Casio fx-82', 'Bluetooth headphones']],
    ['newest', ['Bluetooth headphones', 'Scientific calculator Casio fx-82', 'Winter jacket (M)', 'Casio fx-991EX calculator']],
    // Ties on rating go newest first.
    ['rating', ['Bluetooth headphones', 'Casio fx-991EX calculator', 'Scientific calculator Casio fx-82', 'Winter jacket (M)']],
  ])('combines with the %s sort', async (sort, expected) => {
    expect(titles(await list(`?minPrice=450&maxPrice=1200&sort=${sort}`))).toEqual(expected);
  });

  it('combines with search, category and condition, and pages by cursor within the range', async () => {
    expect(titles(await list('?q=CALCULATOR&maxPrice=500'))).toEqual(['Scientific calculator Casio fx-82']);
    expect(titles(await list('?category=Electronics&condition=Like%20New&minPrice=1000'))).toEqual(['Bluetooth headphones']);

    const first = await list('?minPrice=400&sort=priceLowHigh&limit=2');
    expect(titles(first)).toEqual(['Data Structures textbook', 'Scientific calculator Casio fx-82']);
    const second = await list(`?minPrice=400&sort=priceLowHigh&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(titles(second)).toEqual(['Winter jacket (M)', 'Casio fx-991EX calculator']);
  });

  it.each([
    ['?minPrice=-1', browseMessages.priceNegative],
    ['?maxPrice=-0.5', browseMessages.priceNegative],
    ['?minPrice=abc', browseMessages.priceNotNumber],
    ['?maxPrice=1e3', browseMessages.priceNotNumber],
    ['?minPrice=Infinity', browseMessages.priceNotNumber],
    ['?minPrice=100000000', browseMessages.priceTooHigh],
    ['?minPrice=900&maxPrice=100', browseMessages.priceOrder],
  ])('refuses %s with a 400 that says why', async (query, msg) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg });
  });

  it('allows an equal minimum and maximum', async () => {
    expect(titles(await list('?minPrice=800&maxPrice=800'))).toEqual(['Winter jacket (M)']);
  });
});

describe('the condition filter of the product list', () => {
  it('keeps listings in any of the chosen conditions, with their category counts', async () => {
    const answer = await list('?condition=New&condition=Poor');
    expect(titles(answer)).toEqual(['Graph paper pad', 'Data Structures textbook', 'Winter jacket (M)']);
    expect(answer.total).toBe(3);
    expect(answer.categories).toEqual([
      { name: 'Books', count: 1 },
      { name: 'Clothing', count: 1 },
      { name: 'Stationery', count: 1 },
    ]);
  });

  it('combines with categories and search', async () => {
    expect(titles(await list('?condition=Good&category=Books&category=Furniture'))).toEqual([
      'Study table with drawer',
      'Engineering Mathematics by Grewal',
    ]);
    expect(titles(await list('?condition=Good&q=casio'))).toEqual(['Scientific calculator Casio fx-82']);
  });

  it('refuses a condition that is not one of the list', async () => {
    const response = await get('?condition=Broken');
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: validationMessages.conditionInvalid });
  });

  it('leaves out a listing under review whatever the filter', async () => {
    const [id] = await insertListings(t.app.db, [
      { sellerId: seller.id, title: 'Reported lamp', condition: 'New', price: 500, category: 'Others', createdAt: day(20) },
    ]);
    expect(titles(await list('?condition=New&minPrice=400&maxPrice=900'))).toEqual(['Reported lamp', 'Winter jacket (M)']);
    await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, id!));
    // Another call's answer (the cached one is cleared when the database's change event arrives).
    expect(titles(await list('?condition=New&minPrice=400&maxPrice=900&limit=23'))).toEqual(['Winter jacket (M)']);
    await t.app.db.delete(products).where(eq(products.id, id!));
  });
});
