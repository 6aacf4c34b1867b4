import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchCriteriaInput,
  matchesCriteria,
  savedSearchCriteriaSchema,
  savedSearchMessages,
} from '#domain/alerts/saved-search.schemas.ts';
import type { Category, Condition } from '#domain/catalog.ts';
import { processListingEvent, recordListingEvent } from '#server/alerts/listing-events.ts';
import { sendSavedSearchDigests } from '#server/alerts/saved-search-digest.ts';
import { listingEvents, products, savedSearchMatches, userBlocks } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { alertCalls, notificationsOf } from './alerts-calls.ts';

let t: TestApp;
let calls: ReturnType<typeof alertCalls>;
let seller: UserRow;
let sellerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  calls = alertCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi' });
  sellerCookie = await sessionCookieFor(t, seller.id);
});
afterAll(() => t.close());

async function student(name: string) {
  const user = await insertUser(t.app.db, { userName: name });
  return { user, cookie: await sessionCookieFor(t, user.id) };
}

async function save(cookie: string, name: string, criteria: SavedSearchCriteriaInput, frequency?: SavedSearch['frequency']) {
  const response = await calls.saveSearch(cookie, { name, criteria, ...(frequency ? { frequency } : {}) });
  expect(response.statusCode).toBe(201);
  return body<{ savedSearch: SavedSearch }>(response).savedSearch;
}

interface ListingSpec {
  title: string;
  category?: Category;
  condition?: Condition;
  price?: number;
  sellerId?: string;
}

/** A listing written as the sell page writes it, with its 'listed' event in the same transaction, then the jobs run. */
async function list(spec: ListingSpec): Promise<string> {
  const id = await t.app.db.transaction(async (tx) => {
    const productId = await insertListing(tx, { sellerId: seller.id, ...spec });
    await recordListingEvent(tx, t.app.jobs, { productId, kind: 'listed' });
    return productId;
  });
  await t.drainJobs();
  return id;
}

/** The saved searches that announced a listing (of one student when given: other tests' searches stay out). */
async function matchedSearchIds(productId: string, userId?: string): Promise<string[]> {
  const rows = await t.app.db
    .select()
    .from(savedSearchMatches)
    .where(and(eq(savedSearchMatches.productId, productId), userId ? eq(savedSearchMatches.userId, userId) : undefined));
  return rows.map((row) => row.savedSearchId).sort();
}

describe('saved searches', () => {
  it('saves the current search under a name, lists, renames and deletes it', async () => {
    const { cookie } = await student('asha');
    const saved = await save(cookie, 'Cheap cycles', {
      q: 'cycle',
      category: ['Cycle'],
      condition: ['Good'],
      maxPrice: 3000,
      sort: 'priceLowHigh',
    });
    expect(saved).toMatchObject({
      name: 'Cheap cycles',
      criteria: { q: 'cycle', category: ['Cycle'], condition: ['Good'], maxPrice: 3000, sort: 'priceLowHigh' },
      frequency: 'daily',
    });
    expect(body<{ savedSearches: SavedSearch[] }>(await calls.savedSearches(cookie)).savedSearches).toHaveLength(1);

    const renamed = await calls.updateSavedSearch(cookie, saved._id, { name: 'Cycles under 3k' });
    expect(body(renamed)).toMatchObject({ msg: savedSearchMessages.renamed, savedSearch: { name: 'Cycles under 3k' } });
    const instant = await calls.updateSavedSearch(cookie, saved._id, { frequency: 'instant' });
    expect(body(instant)).toMatchObject({ savedSearch: { frequency: 'instant' } });

    const other = await student('bala');
    expect((await calls.updateSavedSearch(other.cookie, saved._id, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await calls.deleteSavedSearch(other.cookie, saved._id)).statusCode).toBe(404);

    const deleted = await calls.deleteSavedSearch(cookie, saved._id);
    expect(body(deleted)).toEqual({ success: true, msg: savedSearchMessages.deleted });
    expect(body<{ savedSearches: SavedSearch[] }>(await calls.savedSearches(cookie)).savedSearches).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per student, and one of each name`, async () => {
    const { cookie } = await student('chitra');
    for (let index = 1; index <= SAVED_SEARCHES_MAX; index++) await save(cookie, `Search ${index}`, { q: `thing ${index}` });
    const refused = await calls.saveSearch(cookie, { name: 'One more', criteria: { q: 'more' } });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).msg).toBe(savedSearchMessages.tooMany);

    const { cookie: other } = await student('dev');
    await save(other, 'Lamps', { q: 'lamp' });
    const twice = await calls.saveSearch(other, { name: 'lamps', criteria: { q: 'lamp' } });
    expect(twice.statusCode).toBe(409);
    expect(body(twice).msg).toBe(savedSearchMessages.nameTaken);
  });

  it('refuses a price range whose minimum is above its maximum, and a nameless search', async () => {
    const { cookie } = await student('esha');
    const range = await calls.saveSearch(cookie, { name: 'Odd', criteria: { minPrice: 500, maxPrice: 100 } });
    expect(range.statusCode).toBe(400);
    expect(body(range).msg).toBe(savedSearchMessages.priceRangeInvalid);
    const nameless = await calls.saveSearch(cookie, { name: '  ', criteria: {} });
    expect(body(nameless).msg).toBe(savedSearchMessages.nameRequired);
  });
});

describe('matching a new listing against saved searches', () => {
  it('matches each criterion, and only what the Products list would show for it', async () => {
    const { user, cookie } = await student('farah');
    const searches = {
      text: await save(cookie, 'text', { q: 'Cycle' }),
      category: await save(cookie, 'category', { category: ['Cycle', 'Books'] }),
      condition: await save(cookie, 'condition', { condition: ['Like New'] }),
      min: await save(cookie, 'min', { minPrice: 1000 }),
      max: await save(cookie, 'max', { maxPrice: 2000 }),
      range: await save(cookie, 'range', { minPrice: 1000, maxPrice: 2000 }),
      all: await save(cookie, 'all', {
        q: 'hero',
        category: ['Cycle'],
        condition: ['Like New', 'Good'],
        minPrice: 1000,
        maxPrice: 5000,
      }),
      anything: await save(cookie, 'anything', {}),
    };
    const listings: ListingSpec[] = [
      { title: 'Hero CYCLE 26T', category: 'Cycle', condition: 'Like New', price: 1500 },
      { title: 'Desk lamp', category: 'Electronics', condition: 'Good', price: 500 },
      { title: 'Recycled paper', category: 'Stationery', condition: 'New', price: 1000 },
      { title: 'Hero helmet', category: 'Others', condition: 'Like New', price: 2000.5 },
      { title: 'Maths book', category: 'Books', condition: 'Fair', price: 999.99 },
      { title: 'Hero cycle', category: 'Cycle', condition: 'Poor', price: 5000 },
    ];
    for (const spec of listings) {
      const id = await list(spec);
      const expected = Object.values(searches)
        .filter((search) => matchesCriteria(search.criteria, { price: 0, condition: 'Good', category: 'Others', ...spec }))
        .map((search) => search._id)
        .sort();
      expect(await matchedSearchIds(id, user.id), spec.title).toEqual(expected);
    }
    // Spot checks of what the rules say, so the two cannot be wrong together.
    const [first] = await t.app.db.select().from(products).where(eq(products.title, 'Hero CYCLE 26T'));
    expect(await matchedSearchIds(first!.id, user.id)).toHaveLength(8);
    const [lamp] = await t.app.db.select().from(products).where(eq(products.title, 'Desk lamp'));
    expect(await matchedSearchIds(lamp!.id, user.id)).toEqual([searches.max._id, searches.anything._id].sort());
    const [paper] = await t.app.db.select().from(products).where(eq(products.title, 'Recycled paper'));
    expect(await matchedSearchIds(paper!.id, user.id)).toEqual(
      [searches.text._id, searches.min._id, searches.max._id, searches.range._id, searches.anything._id].sort(),
    );
  });

  it('tells the owner once per listing in the app at once, however many of their searches match', async () => {
    const { user, cookie } = await student('gita');
    await save(cookie, 'Kettles', { q: 'kettle' });
    await save(cookie, 'Electronics', { category: ['Electronics'] });
    const id = await list({ title: 'Electric kettle', category: 'Electronics', price: 400 });
    const alerts = await notificationsOf(t, user.id, 'saved-search.match');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.payload).toMatchObject({
      productId: id,
      productTitle: 'Electric kettle',
      price: 400,
      savedSearchName: 'Kettles',
    });
  });

  it('alerts when a listing made through the sell page matches, after it commits', async () => {
    const { user, cookie } = await student('hari');
    await save(cookie, 'Bicycles', { q: 'bicycle', category: ['Cycle'] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/createProduct',
      headers: { cookie: sellerCookie },
      payload: listingForm(bicycleFields, [await jpegPhoto()]),
    });
    expect(created.statusCode).toBe(201);
    await t.drainJobs();
    const alerts = await notificationsOf(t, user.id, 'saved-search.match');
    expect(alerts.map((alert) => alert.payload.productTitle)).toEqual([bicycleFields.title]);
  });

  it('sends no alert to the listing’s own seller, across a block, or about a hidden listing', async () => {
    await save(sellerCookie, 'My own', { q: 'tabla' });
    const blocker = await student('indu');
    await save(blocker.cookie, 'Tabla', { q: 'tabla' });
    await t.app.db.insert(userBlocks).values({ blockerId: blocker.user.id, blockedId: seller.id });
    const blocked = await student('jai');
    await save(blocked.cookie, 'Tabla', { q: 'tabla' });
    await t.app.db.insert(userBlocks).values({ blockerId: seller.id, blockedId: blocked.user.id });
    const fan = await student('kiran');
    await save(fan.cookie, 'Tabla', { q: 'tabla' });

    await list({ title: 'Tabla set' });
    // Hidden pending review by the time its alerts would go: none about it.
    const hiddenId = await t.app.db.transaction(async (tx) => {
      const productId = await insertListing(tx, { sellerId: seller.id, title: 'Tabla pair' });
      await recordListingEvent(tx, t.app.jobs, { productId, kind: 'listed' });
      await tx.update(products).set({ underReview: true }).where(eq(products.id, productId));
      return productId;
    });
    await t.drainJobs();

    expect(await notificationsOf(t, seller.id, 'saved-search.match')).toHaveLength(0);
    expect(await notificationsOf(t, blocker.user.id, 'saved-search.match')).toHaveLength(0);
    expect(await notificationsOf(t, blocked.user.id, 'saved-search.match')).toHaveLength(0);
    const fanAlerts = await notificationsOf(t, fan.user.id, 'saved-search.match');
    expect(fanAlerts.map((alert) => alert.payload.productTitle)).toEqual(['Tabla set']);
    expect(await matchedSearchIds(hiddenId)).toEqual([]);
  });

  it('alerts again when the listing is renewed, not when it is only edited', async () => {
    const { user, cookie } = await student('lata');
    await save(cookie, 'Guitars', { q: 'guitar' });
    const id = await list({ title: 'Acoustic guitar' });
    for (const kind of ['edited', 'renewed', 'edited'] as const) {
      await t.app.db.transaction((tx) => recordListingEvent(tx, t.app.jobs, { productId: id, kind }));
      await t.drainJobs();
    }
    expect(await notificationsOf(t, user.id, 'saved-search.match')).toHaveLength(2);
  });

  it('makes each alert once, even when its job runs again after a crash that followed the commit', async () => {
    const { user, cookie } = await student('mani');
    await save(cookie, 'Drums', { q: 'drum' }, 'instant');
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Drum kit' });
    const eventId = await t.app.db.transaction(async (tx) => {
      await recordListingEvent(tx, t.app.jobs, { productId, kind: 'listed' });
      const [event] = await tx.select().from(listingEvents).where(eq(listingEvents.productId, productId));
      return event!.id;
    });
    // The first run commits its alerts, then the process dies before the job is marked done:
    // the queue runs the job again.
    await processListingEvent(t.app.lifecycle, eventId);
    await processListingEvent(t.app.lifecycle, eventId);
    await t.drainJobs();
    expect(await notificationsOf(t, user.id, 'saved-search.match')).toHaveLength(1);
    expect(t.mailer.sent.filter((mail) => mail.to === user.email)).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  it('mails each student one digest of their daily searches, grouped by search, and nothing twice', async () => {
    const daily = await student('nila');
    const phones = await save(daily.cookie, 'Phones', { q: 'phone' });
    const books = await save(daily.cookie, 'Books', { category: ['Books'] });
    const instant = await student('om');
    await save(instant.cookie, 'Phones now', { q: 'phone' }, 'instant');
    const quiet = await student('pia');
    await save(quiet.cookie, 'Phones quietly', { q: 'phone' }, 'off');

    // Other tests' students have digests of their own due: only these three are looked at.
    const ours = new Set([daily.user.email, instant.user.email, quiet.user.email]);
    const mailsToUs = () => t.mailer.sent.filter((mail) => ours.has(mail.to));
    const sentBefore = mailsToUs().length;
    await list({ title: 'Old phone', category: 'Electronics', price: 2500 });
    await list({ title: 'Phone stand', category: 'Electronics', price: 150 });
    await list({ title: 'Physics textbook', category: 'Books', price: 300 });
    const instantMails = mailsToUs()
      .slice(sentBefore)
      .filter((mail) => mail.to === instant.user.email);
    expect(instantMails).toHaveLength(2);
    expect(
      mailsToUs()
        .slice(sentBefore)
        .filter((mail) => mail.to !== instant.user.email),
    ).toHaveLength(0);

    await sendSavedSearchDigests(t.app.lifecycle);
    await t.drainJobs();
    const digests = mailsToUs()
      .slice(sentBefore)
      .filter((mail) => mail.to !== instant.user.email);
    expect(digests.map((mail) => mail.to)).toEqual([daily.user.email]);
    const digest = digests[0]!;
    expect(digest.subject).toBe('3 new listings match your saved searches');
    expect(digest.text).toContain(`${phones.name}:`);
    expect(digest.text).toContain(`${books.name}:`);
    expect(digest.text.indexOf('Old phone')).toBeLessThan(digest.text.indexOf(`${books.name}:`));
    expect(digest.text.indexOf('Physics textbook')).toBeGreaterThan(digest.text.indexOf(`${books.name}:`));

    await sendSavedSearchDigests(t.app.lifecycle);
    await t.drainJobs();
    expect(mailsToUs().slice(sentBefore)).toHaveLength(3);
    const undigested = await t.app.db
      .select()
      .from(savedSearchMatches)
      .where(and(eq(savedSearchMatches.userId, daily.user.id)));
    expect(undigested.every((row) => row.digestedAt !== null)).toBe(true);
  });
});

describe('the criteria as stored', () => {
  it('are the Products list query: categories and conditions as lists, All meaning every category', () => {
    expect(savedSearchCriteriaSchema.parse({ category: 'All', condition: 'Good', minPrice: '100' })).toEqual({
      category: [],
      condition: ['Good'],
      minPrice: 100,
      sort: 'newest',
    });
  });
});
