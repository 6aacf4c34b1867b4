import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { siteMessages } from '#domain/site.messages.ts';
import { fakeClock } from '#server/clock.ts';
import { products, users } from '#server/db/schema/index.ts';
import { IMAGE_QUEUE_RETRY_AFTER_SECONDS, ImageQueue } from '#server/images/image-queue.ts';
import { type RateLimitRule, countHit } from '#server/http/rate-limit.ts';
import { LISTING_SAVES_PER_USER } from '#server/products/products.routes.ts';
import { PROFILE_PHOTO_CHANGES_PER_USER } from '#server/users/users.routes.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, listFiles, sessionCookieFor } from '../../support/test-app.ts';
import { STRONG_PASSWORD, postRegister, verifyAddress } from '../auth/auth-helpers.ts';

const clock = fakeClock();
/** One photo at a time and nobody waiting, so a test can fill the queue with a single job. */
const imageQueue = new ImageQueue({ atOnce: 1, waiting: 0 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, imageQueue });
});
afterAll(() => t.close());

function sell(cookie: string, form: FormData) {
  return t.app.inject({ method: 'POST', url: '/api/v1/products/createProduct', headers: { cookie }, payload: form });
}

function edit(cookie: string, id: string, form: FormData) {
  return t.app.inject({ method: 'PATCH', url: `/api/v1/products/edit/${id}`, headers: { cookie }, payload: form });
}

function changePhoto(cookie: string, userId: string, form: FormData) {
  return t.app.inject({ method: 'PATCH', url: `/api/v1/users/profilePicture/${userId}`, headers: { cookie }, payload: form });
}

async function photoForm() {
  return listingForm({}, [await jpegPhoto()]);
}

/** Uses up all but `left` of a user's allowance under a rule, as earlier calls would have. */
async function spend(rule: RateLimitRule, userId: string, left = 0) {
  for (let hit = 0; hit < rule.limit - left; hit++) await countHit(t.app.db, clock, { rule, subject: userId });
}

async function listingsOf(sellerId: string) {
  return t.app.db.select().from(products).where(eq(products.sellerId, sellerId));
}

function expectRateLimited(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(60 * 60));
  expect(response.json()).toEqual({ success: false, msg: authMessages.tooManyRequestsRetry(3600), code: 'RATE_LIMITED' });
}

/** Holds the queue's only turn (and leaves no room to wait) until the returned function is called. */
function occupyQueue(): () => Promise<void> {
  let release!: () => void;
  const held = imageQueue.run(() => new Promise<void>((resolve) => (release = resolve)));
  return async () => {
    release();
    await held;
  };
}

beforeEach(() => {
  // Each test starts in a fresh hour, so no allowance carries over.
  clock.advance(61 * 60_000);
});

describe('per-user upload limits', () => {
  it(`lets a seller save ${LISTING_SAVES_PER_USER.limit} listings an hour, then answers 429 before decoding any photo`, async () => {
    const seller = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, seller.id);
    await spend(LISTING_SAVES_PER_USER, seller.id, 1);
    expect((await sell(cookie, listingForm(bicycleFields, [await jpegPhoto()]))).statusCode).toBe(201);
    const filesBefore = listFiles(t.uploadsDir);

    // With the image queue full, a 429 rather than a 503 shows the limit comes before any decoding.
    const release = occupyQueue();
    const refused = await sell(cookie, listingForm(bicycleFields, [await jpegPhoto()]));
    await release();
    expectRateLimited(refused);
    expect(await listingsOf(seller.id)).toHaveLength(1);
    expect(listFiles(t.uploadsDir)).toEqual(filesBefore);

    const otherSeller = await insertUser(t.app.db);
    const other = await sell(await sessionCookieFor(t, otherSeller.id), listingForm(bicycleFields, [await jpegPhoto()]));
    expect(other.statusCode).toBe(201);
  });

  it('counts edits against the same allowance', async () => {
    const seller = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, seller.id);
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Casio fx-991EX' });
    await spend(LISTING_SAVES_PER_USER, seller.id);
    const refused = await edit(cookie, id, listingForm({ ...bicycleFields, title: 'Renamed' }, [await jpegPhoto()]));
    expectRateLimited(refused);
    const [listing] = await listingsOf(seller.id);
    expect(listing!.title).toBe('Casio fx-991EX');
    clock.advance(60 * 60_000);
    expect((await edit(cookie, id, listingForm({ ...bicycleFields, title: 'Renamed' }))).statusCode).toBe(200);
  });

  it(`lets a student change their photo ${PROFILE_PHOTO_CHANGES_PER_USER.limit} times an hour, then answers 429`, async () => {
    const student = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, student.id);
    await spend(PROFILE_PHOTO_CHANGES_PER_USER, student.id, 1);
    expect((await changePhoto(cookie, student.id, await photoForm())).statusCode).toBe(200);
    const [before] = await t.app.db.select().from(users).where(eq(users.id, student.id));

    expectRateLimited(await changePhoto(cookie, student.id, await photoForm()));
    const [after] = await t.app.db.select().from(users).where(eq(users.id, student.id));
    expect(after!.profilePictureKey).toBe(before!.profilePictureKey);
  });
});

describe('the image queue under load', () => {
  function expectBusy(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(IMAGE_QUEUE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ success: false, msg: siteMessages.imagesBusy, code: 'UNAVAILABLE' });
  }

  it('answers 503 with Retry-After to a listing whose photos find the queue full, stores nothing, and takes it once there is room', async () => {
    const seller = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, seller.id);
    const filesBefore = listFiles(t.uploadsDir);
    const release = occupyQueue();

    expectBusy(await sell(cookie, listingForm(bicycleFields, [await jpegPhoto()])));
    expect(await listingsOf(seller.id)).toEqual([]);
    expect(listFiles(t.uploadsDir)).toEqual(filesBefore);

    await release();
    const retried = await sell(cookie, listingForm(bicycleFields, [await jpegPhoto()]));
    expect(retried.statusCode).toBe(201);
    expect(body(retried)).toMatchObject({ success: true, msg: productMessages.uploaded });
  });

  it('answers 503 to a profile photo while the queue is full', async () => {
    const student = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, student.id);
    const release = occupyQueue();
    expectBusy(await changePhoto(cookie, student.id, await photoForm()));
    await release();
    expect((await changePhoto(cookie, student.id, await photoForm())).statusCode).toBe(200);
  });

  it('answers 503 to a registration with a photo while the queue is full, and the address stays verified', async () => {
    const email = 'queued@campus.edu';
    await verifyAddress(t, email);
    const release = occupyQueue();
    const photo = { data: await jpegPhoto() };
    expectBusy(await postRegister(t, { email, password: STRONG_PASSWORD }, photo));
    await release();
    expect((await postRegister(t, { email, password: STRONG_PASSWORD }, photo)).statusCode).toBe(201);
  });
});
