import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema/index.ts';
import type { SharedAnswer } from '#server/products/listing-cache.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

/**
 * Issue 25: the workers of `npm start` hand each other the listing answers they compute
 * (listing-cache.ts, acceptShared). Here one app plays both sides: what it hands over is caught,
 * and what another worker would hand it is given to it, at positions in the event stream.
 */
let t: TestApp;
let viewerCookie: string;
let sellerCookie: string;
let sellerId: string;
let viewerId: string;
const handedOver: SharedAnswer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const seller = await insertUser(t.app.db, { userName: 'kiran' });
  sellerId = seller.id;
  sellerCookie = await sessionCookieFor(t, seller.id);
  viewerId = (await insertUser(t.app.db, { userName: 'meera' })).id;
  viewerCookie = await sessionCookieFor(t, viewerId);
  t.app.listingCache.share = (answer) => handedOver.push(answer);
  await t.app.events.markPositions(t.app.db, 'this machine');
  await t.settled();
});
afterAll(() => t.close());
beforeEach(() => {
  handedOver.length = 0;
});

const cache = () => t.app.listingCache;
const detail = (id: string, cookie = viewerCookie) =>
  t.app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers: { cookie } });
const titleOf = (response: { body: string }) => (JSON.parse(response.body) as { product: { title: string } }).product.title;

/** A listing, announced to the cache, and the answer this app computed for its page and handed over. */
async function answerFor(title: string): Promise<{ id: string; answer: SharedAnswer; body: string }> {
  const id = await insertListing(t.app.db, { sellerId, title });
  await t.settled();
  const response = await detail(id);
  expect(response.statusCode).toBe(200);
  const answer = handedOver.find((each) => each.tags.includes(`p:${id}`));
  expect(answer).toBeDefined();
  return { id, answer: answer!, body: response.body };
}

async function rename(id: string, title: string) {
  await t.app.db.update(products).set({ title }).where(eq(products.id, id));
  await t.settled();
}

describe('listing answers handed between the workers of a machine', () => {
  it('hands an answer it computed to the other workers, with its place in the event stream before it read', async () => {
    const id = await insertListing(t.app.db, { sellerId, title: 'Handed kettle' });
    await t.settled();
    const before = t.app.events.position();
    const response = await detail(id);
    expect(handedOver).toHaveLength(1);
    const [answer] = handedOver;
    expect(answer!.at).toEqual(before);
    expect(answer!.tags).toEqual([`p:${id}`]);
    expect(Buffer.from(answer!.body).toString()).toBe(response.body);
    expect(cache().shared.sent).toBeGreaterThan(0);

    // Answered again from this worker's cache: nothing new to hand over.
    expect((await detail(id)).body).toBe(response.body);
    expect(handedOver).toHaveLength(1);
  });

  it("keeps a student's own view of a listing to the worker that made it (a buyer's, of what they bought)", async () => {
    const id = await insertListing(t.app.db, { sellerId, title: 'Sold lamp', soldOut: true, buyerId: viewerId });
    await t.settled();
    expect((await detail(id, viewerCookie)).statusCode).toBe(200);
    expect((await detail(id, sellerCookie)).statusCode).toBe(200);
    expect(handedOver).toEqual([]);
  });

  it('serves an answer another worker computed at the same place in the stream, without computing it', async () => {
    const { id, answer, body } = await answerFor('Shared desk');
    cache().bodies.clear();
    const { computed, cache: fromCache } = cache().answers;
    const stored = cache().shared.stored;

    expect(cache().acceptShared(answer)).toBe(true);
    const response = await detail(id);
    expect(response.body).toBe(body);
    expect(cache().answers.computed).toBe(computed);
    expect(cache().answers.cache).toBe(fromCache + 1);
    expect(cache().shared.stored).toBe(stored + 1);
  });

  it('refuses an answer read before a change this worker has already heard of, and shows the change', async () => {
    const { id, answer } = await answerFor('Old chair');
    await rename(id, 'New chair');
    const refused = cache().shared.refused;

    expect(cache().acceptShared(answer)).toBe(false);
    expect(cache().shared.refused).toBe(refused + 1);
    expect(titleOf(await detail(id))).toBe('New chair');
  });

  it('takes an answer from a worker that has heard of more, and drops it when a change to its listing arrives', async () => {
    const { id, answer, body } = await answerFor('Ahead fan');
    cache().bodies.clear();
    const here = t.app.events.position()!;
    expect(cache().acceptShared({ ...answer, at: { ...here, count: here.count + 3 } })).toBe(true);
    expect((await detail(id)).body).toBe(body);

    await rename(id, 'Renamed fan');
    expect(titleOf(await detail(id))).toBe('Renamed fan');
  });

  it('refuses every answer while its own new mark is on its way, and those of the old mark after', async () => {
    const { answer } = await answerFor('Marked bag');
    cache().bodies.clear();
    const marking = t.app.events.markPositions(t.app.db, 'this machine');
    expect(cache().acceptShared(answer)).toBe(false);
    await marking;
    await t.settled();
    expect(t.app.events.position()).toBeDefined();
    expect(cache().acceptShared(answer)).toBe(false);
  });
});
