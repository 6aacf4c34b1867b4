import fs from 'node:fs';
import path from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#domain/catalog.ts';
import { EXPIRY_WARNING_DAYS } from '#domain/alerts/listing-lifecycle.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { productImages, products, users } from '#server/db/schema/index.ts';
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  type DemoLogin,
  type SeedContext,
  formatDemoLogins,
  hasDemoCatalogue,
  isDatabaseEmpty,
  PRINTED_DEMO_STUDENTS,
  seedDemoCatalogue,
  seedScaleCatalogue,
} from '#server/seed/seed-catalogue.ts';
import type { MyBuyRequestsResponse, InterestedBuyersResponse } from '#domain/buy-requests/buy-request.wire.ts';
import type { ConversationPage } from '#domain/conversations/conversation.wire.ts';
import type { NotificationPage } from '#domain/notifications/notification.wire.ts';
import type { WishlistResponse } from '#domain/wishlist/wishlist.wire.ts';
import type { SavedSearchListResponse } from '#domain/alerts/saved-search.schemas.ts';
import { offerMessages } from '#domain/buy-requests/offer.messages.ts';
import type { MessagePage } from '#domain/conversations/conversation.wire.ts';
import type { ConversationMeetup } from '#domain/meetups/meetup.wire.ts';
import type { MyListingsResponse, ProductResponse } from '#domain/products/product.wire.ts';
import type { SaleReviews, UserReviewsResponse } from '#domain/reviews/review.wire.ts';
import { DEMO_ACTIVE_STUDENTS, seedDemoActivity } from '#server/seed/demo-activity.ts';
import { listingEvents, mailOutbox, sessions } from '#server/db/schema/index.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let ctx: SeedContext;
let logins: DemoLogin[];
let undeliveredAlerts: number;
let listingEventCount: number;

async function productCount() {
  const [row] = await t.app.db.select({ count: sql<number>`count(*)::int` }).from(products);
  return Number(row!.count);
}

beforeAll(async () => {
  // An institute install: only iitk.ac.in may register.
  t = await createTestApp({ config: { allowedEmailDomains: ['iitk.ac.in'] } });
  ctx = { db: t.app.db, storage: t.app.storage, progress: () => {} };
  expect(await isDatabaseEmpty(t.app.db)).toBe(true);
  logins = await seedDemoCatalogue(ctx);
  await seedDemoActivity(t.app, () => {});
  // Read at once: the seed itself waits for the queue to deliver the alerts its changes caused.
  undeliveredAlerts = (await t.app.db.select().from(listingEvents).where(isNull(listingEvents.processedAt))).length;
  listingEventCount = (await t.app.db.select().from(listingEvents)).length;
}, 240_000);
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it("creates an admin and a few dozen students on a reserved domain, never the institute's, all with the demo password", async () => {
    expect(DEMO_EMAIL_DOMAIN).toBe('campus.example');
    expect(logins[0]).toEqual({ role: 'admin', email: 'admin@campus.example', password: DEMO_PASSWORD });
    expect(logins.filter((login) => login.role === 'student').length).toBeGreaterThanOrEqual(24);
    expect(logins.every((login) => login.email.endsWith('@campus.example'))).toBe(true);
    const stored = await t.app.db.select({ email: users.email }).from(users);
    expect(stored.filter((row) => row.email.endsWith('iitk.ac.in'))).toEqual([]);
    const [student] = await t.app.db.select().from(users).where(eq(users.email, logins[1]!.email));
    expect(student).toMatchObject({ isAdmin: false, userName: logins[1]!.email.split('@')[0] });
    expect(await verifyPassword(student!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await hasDemoCatalogue(ctx)).toBe(true);
  });

  it('lists products in all seven categories, some sold, with rupee prices', async () => {
    const [admin] = await t.app.db.select().from(users).where(eq(users.isAdmin, true));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?limit=100',
      headers: { cookie: await sessionCookieFor(t, admin!.id) },
    });
    const answer = body<ProductListResponse>(response);
    expect(answer.categories.map((category) => category.name)).toEqual([...CATEGORIES].sort());
    expect(answer.total).toBeGreaterThanOrEqual(50);
    expect(answer.products.some((product) => product.soldOut && product.buyer)).toBe(true);
    // Every sale to a buyer says what it sold for (the asking price in the catalogue's past, an offer in the demo's).
    expect(answer.products.filter((product) => product.soldOut && product.buyer).every((product) => product.soldPrice! > 0)).toBe(
      true,
    );
    expect(answer.products.every((product) => product.price > 0 && product.images.length >= 1)).toBe(true);
  });

  it('stores every photo through the storage module, one file set per listing', async () => {
    const rows = await t.app.db.select().from(productImages);
    const keys = rows.flatMap((row) => [row.storageKey, row.cardStorageKey]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(fs.existsSync(path.join(t.uploadsDir, key))).toBe(true);
  });

  it('lets the demo accounts sign in although ALLOWED_EMAIL_DOMAINS names only the institute', async () => {
    for (const login of [logins[0]!, logins[1]!]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: login.email, password: login.password },
      });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ success: true, user: { email: login.email, isAdmin: login.role === 'admin' } });
    }
  });

  it('prints the logins with the password', () => {
    const text = formatDemoLogins(logins);
    expect(text).toContain(`admin@campus.example / ${DEMO_PASSWORD}`);
    expect(text).toContain(`${logins[1]!.email} / ${DEMO_PASSWORD}`);
  });
});

const activeLogins = () => logins.filter((login) => login.role === 'student').slice(0, DEMO_ACTIVE_STUDENTS);
const printedLogins = () => activeLogins().slice(0, PRINTED_DEMO_STUDENTS);

/** A demo student's client: GET calls with their session, as the web app makes them. */
async function as(email: string) {
  const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
  const cookie = await sessionCookieFor(t, user!.id);
  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });
    expect(response.statusCode, url).toBe(200);
    return body<T>(response);
  };
  return { user: user!, get };
}

/** Issue 22: a newcomer who signs in as a printed demo student finds every screen in use. */
describe("the demo students' activity", () => {
  it('covers every login printed at start, and a few more', () => {
    expect(DEMO_ACTIVE_STUDENTS).toBeGreaterThanOrEqual(3);
    expect(formatDemoLogins(logins)).toContain(activeLogins()[2]!.email);
  });

  it('gives each of them conversations with unread messages', async () => {
    for (const login of activeLogins()) {
      const { get } = await as(login.email);
      const inbox = await get<ConversationPage>('/conversations');
      expect(inbox.conversations, login.email).toHaveLength(8);
      expect(inbox.unreadCount, login.email).toBeGreaterThanOrEqual(4);
      expect(
        inbox.conversations.filter((conversation) => conversation.unreadCount > 0).length,
        login.email,
      ).toBeGreaterThanOrEqual(4);
    }
  });

  it('gives each of them the requests they sent: one waiting, one countered, one accepted, one rejected', async () => {
    for (const login of activeLogins()) {
      const { get } = await as(login.email);
      const { requests } = await get<MyBuyRequestsResponse>('/interested/my-requests');
      const statuses = requests.map((request) => request.status);
      // Besides a purchase from the catalogue's past for some of them.
      expect(
        statuses.filter((status) => status === 'active'),
        login.email,
      ).toHaveLength(2);
      expect(
        statuses.filter((status) => status === 'rejected'),
        login.email,
      ).toHaveLength(1);
      expect(statuses.filter((status) => status === 'accepted').length, login.email).toBeGreaterThanOrEqual(1);
      expect(requests.find((request) => request.status === 'accepted')!.seller, login.email).toBeDefined();
    }
  });

  it('gives each of them interested buyers on a listing of their own (a third bargains where they have one listing)', async () => {
    for (const login of activeLogins()) {
      const { user, get } = await as(login.email);
      const own = await t.app.db.select({ id: products.id }).from(products).where(eq(products.sellerId, user.id));
      const counts = await Promise.all(
        own.map(async (listing) => {
          const answer = await get<InterestedBuyersResponse>(
            `/interested/get-buy-requests?productId=${listing.id}&sellerId=${user.id}`,
          );
          return answer.buyRequests.length;
        }),
      );
      expect(Math.max(...counts), login.email).toBeGreaterThanOrEqual(2);
      expect(Math.max(...counts), login.email).toBeLessThanOrEqual(3);
    }
  });

  it('gives each of them unread notifications of every kind a deal makes', async () => {
    for (const login of activeLogins()) {
      const { get } = await as(login.email);
      const page = await get<NotificationPage>('/notifications?limit=50');
      const count = (kind: string) => page.notifications.filter((notification) => notification.kind === kind).length;
      expect(page.unreadCount, login.email).toBe(page.notifications.length);
      // Two requests and an offer on their listings; their own offer accepted, a request rejected, an offer countered.
      expect(count('buy-request.received'), login.email).toBe(3);
      expect(count('buy-request.accepted'), login.email).toBe(1);
      expect(count('buy-request.rejected'), login.email).toBe(1);
      expect(count('offer.update'), login.email).toBe(1);
      // A seller's answer and a bargainer's question.
      expect(count('message.received'), login.email).toBe(2);
      expect(count('meetup.accepted'), login.email).toBe(1);
      expect(count('wishlist.price-drop'), login.email).toBe(1);
      // From the seller they bought from, and from the student who bought from them where they have two listings.
      expect(count('review.received'), login.email).toBeGreaterThanOrEqual(1);
    }
    // The first printed student, whom tests/e2e/demo.spec.ts signs in as: their bell reads 13
    // (a saved-search match too: another seller's price drop brought a cycle under ₹5,000).
    const { get } = await as(activeLogins()[0]!.email);
    const first = await get<NotificationPage>('/notifications?limit=50');
    expect(first.unreadCount).toBe(13);
    expect(first.notifications.filter((notification) => notification.kind === 'saved-search.match')).toHaveLength(1);
  });

  it('gives each of them a wishlist', async () => {
    for (const login of activeLogins()) {
      const { get } = await as(login.email);
      const { wishlistProducts } = await get<WishlistResponse>('/wishlist/get-wishlist');
      expect(wishlistProducts, login.email).toHaveLength(3);
    }
  });

  it('leaves no session of its own behind, and queues the mails the events make like any others', async () => {
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userAgent, 'campus-market demo seed'))).toEqual([]);
    const mails = await t.app.db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.to.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(true);
  });
});

/**
 * Issues 23 and 24 in the demo: each printed student finds offers, a reservation, a meet-up, sales
 * with reviews, real seller ratings, a saved search and a price-drop alert, read through the API
 * as the web app reads them. The alerts were delivered before the seed returned (no drain here).
 */
describe('the demo deals', () => {
  const productOf = async (get: Awaited<ReturnType<typeof as>>['get'], id: string) =>
    (await get<ProductResponse>(`/products/${id}`)).product;
  const ownListings = async (student: Awaited<ReturnType<typeof as>>) =>
    (await student.get<MyListingsResponse>(`/products/my-listings/${student.user.id}?limit=50`)).products;

  it('shows each printed student, as a seller, a pending offer below the asking price in Interested buyers and in the conversation', async () => {
    for (const login of printedLogins()) {
      const student = await as(login.email);
      const offers = [];
      for (const listing of await ownListings(student)) {
        const { buyRequests } = await student.get<InterestedBuyersResponse>(
          `/interested/get-buy-requests?productId=${listing._id}&sellerId=${student.user.id}`,
        );
        for (const request of buyRequests) if (request.offer) offers.push({ listing, request, offer: request.offer });
      }
      const pending = offers.find(({ offer }) => offer.by === 'buyer');
      expect(pending, login.email).toBeDefined();
      expect(pending!.offer.amount, login.email).toBeLessThan(pending!.listing.price);
      expect(Number.isInteger(pending!.offer.amount)).toBe(true);
      // The offer line in their conversation with that buyer.
      const { conversations } = await student.get<ConversationPage>('/conversations?limit=50');
      const conversation = conversations.find(
        (row) => row.listing._id === pending!.listing._id && row.otherParticipant._id === pending!.request.buyer._id,
      );
      const { messages } = await student.get<MessagePage>(`/conversations/${conversation!._id}/messages`);
      expect(messages.map((message) => message.body)).toContain(offerMessages.lineMade(pending!.offer.amount));
    }
  });

  it('reserves a listing of each printed student for one of its requesters', async () => {
    for (const login of printedLogins()) {
      const student = await as(login.email);
      const reserved = (await ownListings(student)).filter((listing) => listing.reserved);
      expect(reserved, login.email).toHaveLength(1);
      const { buyRequests } = await student.get<InterestedBuyersResponse>(
        `/interested/get-buy-requests?productId=${reserved[0]!._id}&sellerId=${student.user.id}`,
      );
      expect(buyRequests.map((request) => request.buyer._id)).toContain(reserved[0]!.reservedFor);
    }
  });

  it('gives each printed student, as a buyer, a counter-offer from the seller waiting for their answer', async () => {
    for (const login of printedLogins()) {
      const student = await as(login.email);
      const { requests } = await student.get<MyBuyRequestsResponse>('/interested/my-requests');
      const countered = requests.filter((request) => request.status === 'active' && request.offer?.by === 'seller');
      expect(countered, login.email).toHaveLength(1);
      const listing = await productOf(student.get, countered[0]!.productId);
      expect(countered[0]!.offer!.amount).toBeLessThan(listing.price);
      expect(new Date(countered[0]!.offer!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('sells each printed student a listing at their offer (soldPrice stored), and both sides reviewed the sale', async () => {
    for (const login of printedLogins()) {
      const student = await as(login.email);
      const { requests } = await student.get<MyBuyRequestsResponse>('/interested/my-requests');
      const boughtAtOffer = [];
      for (const request of requests.filter((row) => row.status === 'accepted' && row.soldPrice !== undefined)) {
        const listing = await productOf(student.get, request.productId);
        if (request.soldPrice! < listing.price) boughtAtOffer.push({ request, listing });
      }
      expect(boughtAtOffer, login.email).toHaveLength(1);
      const { listing, request } = boughtAtOffer[0]!;
      expect(listing).toMatchObject({ soldOut: true, buyer: student.user.id, soldPrice: request.soldPrice });
      const sale = await student.get<SaleReviews>(`/reviews/sales/${listing._id}`);
      expect(sale).toMatchObject({ role: 'buyer', canReview: false });
      expect(sale.mine).toMatchObject({ subjectRole: 'seller', subjectId: listing.seller._id });
      expect(sale.theirs).toMatchObject({ subjectRole: 'buyer', subjectId: student.user.id });
      expect(sale.mine!.text!.length).toBeGreaterThan(10);
    }
  });

  it('leaves each printed student a sale of theirs the buyer reviewed and they have not reviewed back', async () => {
    for (const login of printedLogins()) {
      const student = await as(login.email);
      const sold = (await ownListings(student)).filter((listing) => listing.soldOut && listing.buyer !== null);
      const waiting = [];
      for (const listing of sold) {
        const sale = await student.get<SaleReviews>(`/reviews/sales/${listing._id}`);
        if (sale.role === 'seller' && sale.theirs && !sale.mine && sale.canReview) waiting.push(sale);
      }
      expect(waiting.length, login.email).toBeGreaterThanOrEqual(1);
      expect(waiting[0]!.theirs!.subjectRole).toBe('seller');
    }
  });

  it('gives sellers real ratings: on every answer about their listings, on their public profile, and in the Rating sort', async () => {
    const student = await as(printedLogins()[0]!.email);
    const { products: rated } = await student.get<ProductListResponse>('/products?sort=rating&limit=60');
    const sellers = new Map<string, { rating: number; numReviews: number }>();
    for (const product of rated) {
      if (product.numReviews > 0) sellers.set(product.seller._id, { rating: product.rating, numReviews: product.numReviews });
    }
    // Several sellers, reviewed by different buyers, with different stars.
    expect(sellers.size).toBeGreaterThanOrEqual(8);
    expect(new Set([...sellers.values()].map((seller) => seller.rating)).size).toBeGreaterThanOrEqual(3);
    for (const [sellerId, rating] of sellers) {
      const profile = await student.get<UserReviewsResponse>(`/reviews/users/${sellerId}`);
      expect(profile, sellerId).toMatchObject(rating);
      const stars = profile.reviews.filter((review) => review.subjectRole === 'seller').map((review) => review.rating);
      expect(rating.rating).toBeCloseTo(stars.reduce((sum, star) => sum + star, 0) / stars.length, 1);
    }
    // Available listings first, then by their sellers' rating, highest first.
    const available = rated.filter((product) => !product.reserved).map((product) => product.rating);
    expect(available).toEqual([...available].sort((a, b) => b - a));
    expect(available[0]).toBeGreaterThan(available.at(-1)!);
  });

  it('agreed a meet-up at a safe spot, tomorrow at 5 pm, in a conversation of each printed student', async () => {
    for (const login of printedLogins()) {
      const student = await as(login.email);
      const { conversations } = await student.get<ConversationPage>('/conversations?limit=50');
      const accepted = [];
      for (const conversation of conversations) {
        const meetup = await student.get<ConversationMeetup>(`/conversations/${conversation._id}/meetup`);
        if (meetup.accepted) accepted.push({ conversation, meetup: meetup.accepted });
      }
      expect(accepted, login.email).toHaveLength(1);
      const { conversation, meetup } = accepted[0]!;
      expect(conversation.role).toBe('seller');
      expect(meetup).toMatchObject({ status: 'accepted', mine: true, spot: { name: 'Library entrance' } });
      const hoursAhead = (new Date(meetup.meetAt).getTime() - Date.now()) / 3600_000;
      expect(hoursAhead).toBeGreaterThan(1);
      expect(hoursAhead).toBeLessThanOrEqual(48);
    }
  });

  it('saved a search for each printed student', async () => {
    const names = [];
    for (const login of printedLogins()) {
      const { savedSearches } = await (await as(login.email)).get<SavedSearchListResponse>('/saved-searches');
      expect(savedSearches, login.email).toHaveLength(1);
      names.push(savedSearches[0]!.name);
    }
    expect(names[0]).toBe('Cycles under ₹5,000');
    expect(new Set(names).size).toBe(names.length);
  });

  it('waits for the job queue to deliver the alerts of its listing changes before it returns', () => {
    // Sales tell wishlisters, price drops and edits tell wishlisters and saved searches: each is a queued job.
    expect(listingEventCount).toBeGreaterThanOrEqual(DEMO_ACTIVE_STUDENTS * 3);
    expect(undeliveredAlerts).toBe(0);
  });

  it("delivered a price drop on a listing in each printed student's wishlist to their Alerts", async () => {
    for (const login of printedLogins()) {
      const student = await as(login.email);
      const { notifications } = await student.get<NotificationPage>('/notifications?limit=50');
      const drops = notifications.filter((notification) => notification.kind === 'wishlist.price-drop');
      expect(drops, login.email).toHaveLength(1);
      const drop = drops[0]!;
      if (drop.kind !== 'wishlist.price-drop') throw new Error('not a price drop');
      expect(drop.read).toBe(false);
      expect(drop.payload.newPrice).toBeLessThan(drop.payload.oldPrice);
      const { wishlistProducts } = await student.get<WishlistResponse>('/wishlist/get-wishlist');
      expect(wishlistProducts.map((product) => product._id)).toContain(drop.payload.productId);
      expect((await productOf(student.get, drop.payload.productId)).price).toBe(drop.payload.newPrice);
    }
  });
});

describe('the scale catalogue', () => {
  it('tops the catalogue up to the asked number of listings, and only once', async () => {
    const before = await productCount();
    expect(await seedScaleCatalogue(ctx, before + 120)).toBe(120);
    expect(await productCount()).toBe(before + 120);
    expect(await seedScaleCatalogue(ctx, before + 120)).toBe(0);
    expect(await productCount()).toBe(before + 120);
  });

  it('has already warned the sellers of listings in their last days, as a running site would have', async () => {
    await seedScaleCatalogue(ctx, (await productCount()) + 800);
    const inWarningWindow = sql`not ${products.soldOut} and not ${products.expired}
      and ${products.expiresAt} <= now() + make_interval(days => ${EXPIRY_WARNING_DAYS})`;
    const byWarned = await t.app.db
      .select({ warned: products.expiryWarned, count: sql<number>`count(*)::int` })
      .from(products)
      .where(inWarningWindow)
      .groupBy(products.expiryWarned);
    // Nothing left for the first run of the expiry job to mail; and the window is not empty.
    expect(byWarned.find((row) => !row.warned)).toBeUndefined();
    expect(byWarned.find((row) => row.warned)?.count).toBeGreaterThan(0);
  });
});
