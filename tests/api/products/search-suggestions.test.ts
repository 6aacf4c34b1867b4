import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SUGGESTIONS_MAX } from '#domain/products/browse.ts';
import type { SearchSuggestionsResponse } from '#domain/products/product.wire.ts';
import { products, userBlocks } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let asha: UserRow;
let bilal: UserRow;
let viewer: UserRow;
let cookie: string;

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

beforeAll(async () => {
  t = await createTestApp();
  asha = await insertUser(t.app.db, { userName: 'asha' });
  bilal = await insertUser(t.app.db, { userName: 'bilal' });
  viewer = await insertUser(t.app.db, { userName: 'chitra' });
  cookie = await sessionCookieFor(t, viewer.id);
  await insertListings(t.app.db, [
    { sellerId: asha.id, title: 'Scientific calculator Casio fx-82', createdAt: day(1) },
    { sellerId: asha.id, title: 'Casio fx-991EX calculator', createdAt: day(2) },
    { sellerId: asha.id, title: 'Calculus by Thomas', createdAt: day(3) },
    { sellerId: asha.id, title: 'Casio fx-991EX calculator', createdAt: day(4) },
    { sellerId: bilal.id, title: 'Calculator cover 100% silicone', createdAt: day(5) },
    { sellerId: asha.id, title: 'Hero Sprint bicycle', createdAt: day(6) },
  ]);
});
afterAll(() => t.close());

async function suggest(q: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/products/suggestions?q=${encodeURIComponent(q)}`, headers: { cookie } });
}

async function suggestions(q: string) {
  const response = await suggest(q);
  expect(response.statusCode).toBe(200);
  return body<SearchSuggestionsResponse>(response).suggestions;
}

describe('search suggestions', () => {
  it('offer each matching title once, those starting with the text first, then the newest', async () => {
    expect(await suggestions('CALCU')).toEqual([
      'Calculator cover 100% silicone',
      'Calculus by Thomas',
      'Casio fx-991EX calculator',
      'Scientific calculator Casio fx-82',
    ]);
  });

  it('take the wildcards of LIKE literally', async () => {
    expect(await suggestions('100%')).toEqual(['Calculator cover 100% silicone']);
    expect(await suggestions('_x')).toEqual([]);
  });

  it(`offer at most ${SEARCH_SUGGESTIONS_MAX}`, async () => {
    await insertListings(
      t.app.db,
      Array.from({ length: 12 }, (_, index) => ({
        sellerId: asha.id,
        title: `Notebook ${index + 1}`,
        createdAt: day(10 + index),
      })),
    );
    const answer = await suggestions('notebook');
    expect(answer).toHaveLength(SEARCH_SUGGESTIONS_MAX);
    expect(answer[0]).toBe('Notebook 12');
  });

  it('leave out listings under review and those of sellers the student blocked', async () => {
    const [hidden] = await insertListings(t.app.db, [{ sellerId: asha.id, title: 'Bicycle lock', createdAt: day(30) }]);
    await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, hidden!));
    await t.app.db.insert(userBlocks).values({ blockerId: viewer.id, blockedId: bilal.id });
    t.app.listingCache.clear();
    expect(await suggestions('bicycle')).toEqual(['Hero Sprint bicycle']);
    expect(await suggestions('cover')).toEqual([]);
  });

  it('need two characters at least, and a session', async () => {
    const short = await suggest('c');
    expect(short.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/products/suggestions?q=calc' });
    expect(anonymous.statusCode).toBe(401);
  });
});
