import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CreateSavedSearchInput } from '#domain/alerts/saved-search.schemas.ts';
import type { SafeSpotsResponse } from '#domain/meetups/meetup.wire.ts';
import type { ProductResponse } from '#domain/products/product.wire.ts';
import { instantOfWallTime, wallTimeAt } from '../admin-stats/site-calendar.ts';
import { createSession } from '../auth/sessions.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { listingEvents, products, sessions, users } from '../db/schema/index.ts';
import { demoLogins } from './seed-catalogue.ts';

/**
 * The demo students whose marketplace is already in motion on first start: the logins printed at
 * start (the first three, PRINTED_DEMO_STUDENTS) and a few more. Each finds, in their own account:
 *
 * - as a buyer: a request still waiting; an offer below the asking price the seller accepted (sold
 *   to them at that amount) and both sides' reviews of that sale; a request the seller rejected; an
 *   offer the seller countered, waiting for their answer; a question the seller answered, unread;
 *   a wishlist, one of whose listings its seller has just made cheaper (a price-drop alert); and a
 *   saved search;
 * - as a seller: two buyers interested in a listing, one at the asking price (the listing is
 *   Reserved for them, and a meet-up at a safe spot tomorrow at 5 pm is agreed in their
 *   conversation) and one with an offer below it, waiting for an answer; a third who bargained over
 *   another listing and bought it at their offer, then reviewed them (not yet reviewed back, so
 *   the 'review' prompts show). A student with a single listing has the bargain on it, pending.
 *
 * Every review is written after a real sale, with varied stars, so sellers have real ratings.
 */
export const DEMO_ACTIVE_STUDENTS = 6;

/** Listings of the other students each active student shops from, none shared. */
const SHELF_PER_STUDENT = 6;

/** How the seed signs its calls in; the sessions are ended once it is done. */
const SEED_USER_AGENT = 'campus-market demo seed';

/** How long the seed waits for the queue to deliver the alerts its changes caused (price drops). */
const ALERTS_WAIT_MS = 10_000;

/** When the demo's meet-ups are: tomorrow at 5 pm, the campus's time. */
const MEETUP_HOUR = 17;

/** What students write to each other in the demo, in the words of a campus. */
const LINES = {
  request: 'Hi! Is this still available? I can pick it up from your hostel this evening.',
  offerToBuy: 'I can pay cash and meet you at the library entrance tomorrow at 5. Would this work?',
  requestRejected: 'Would you take a little less for it? I can pay in cash today.',
  haggle: 'This is a bit above my budget. Would you consider this?',
  askAvailable: 'Hi! Is this still available? Could you send a photo of the back as well?',
  answerAvailable: 'Yes, it is still available. I can meet you near the main gate after 5 pm.',
  interestedOne: 'Hello! I am interested. Is the price negotiable at all?',
  interestedTwo: 'Hi, I need this for next semester. Can I see it before buying?',
  askNegotiable: 'Is the price negotiable? I am a first-year on a tight budget.',
  answerNegotiable: 'A little — what do you have in mind?',
  offer: 'Would you take 10% less? I can collect it today, whenever suits you.',
} as const;

interface DemoReview {
  rating: number;
  text: string;
}

/** What each active student said of the seller who accepted their offer: varied, as real ones are. */
const REVIEWS_OF_SELLERS: DemoReview[] = [
  { rating: 5, text: 'Accepted my offer the same evening and was at the library on time. Exactly as described.' },
  { rating: 4, text: 'Good condition and a fair price. Took a day to reply, but the pick-up was easy.' },
  { rating: 5, text: 'Friendly and honest about the small scratches. Would happily buy from again.' },
  { rating: 3, text: 'The item is fine, but we had to move the pick-up twice.' },
  { rating: 4, text: 'Works as promised. The photos were a little kind to it.' },
  { rating: 2, text: 'Came half an hour late, and it had more wear than the photos showed.' },
];

/** What those sellers said of the students as buyers. */
const REVIEWS_OF_BUYERS: DemoReview[] = [
  { rating: 5, text: 'Paid on the spot and was at the meeting point early. Easy deal.' },
  { rating: 5, text: 'Quick replies, and collected it the same day.' },
  { rating: 4, text: 'Good buyer. Came a little late but told me in advance.' },
];

/** What the student who bought at their offer said of the active student as a seller. */
const REVIEWS_OF_STUDENT_SELLERS: DemoReview[] = [
  { rating: 5, text: 'A fair price after a quick chat, and it was just as described.' },
  { rating: 4, text: 'Accepted my offer the same day. The pick-up took some coordinating.' },
  { rating: 5, text: 'Honest seller, everything clean and working. Recommended.' },
];

/** Each active student's saved search, as the Products page's 'Save this search' stores it. */
const SAVED_SEARCHES: CreateSavedSearchInput[] = [
  { name: 'Cycles under ₹5,000', criteria: { category: ['Cycle'], maxPrice: 5000 } },
  { name: 'Books under ₹500', criteria: { category: ['Books'], maxPrice: 500, sort: 'priceLowHigh' } },
  { name: 'Electronics under ₹2,000', criteria: { category: ['Electronics'], maxPrice: 2000 } },
  { name: 'Furniture for the room', criteria: { category: ['Furniture'], maxPrice: 3000 } },
  { name: 'Scientific calculator', criteria: { q: 'calculator' } },
  { name: 'Winter jacket', criteria: { q: 'jacket', category: ['Clothing'] } },
];

interface DemoStudentRow {
  id: string;
  email: string;
}

interface DemoListing {
  id: string;
  sellerId: string;
  price: number;
}

/**
 * An amount about `percent` of `price`, rounded down to what a student would say (tens, fifties,
 * hundreds): offers and counters below the asking price, price drops.
 */
function roundedShare(price: number, percent: number): number {
  const step = price < 1000 ? 10 : price < 10_000 ? 50 : 500;
  return Math.max(step, Math.floor((price * percent) / 100 / step) * step);
}

/** Tomorrow at `hour` o'clock on the campus's clock (SITE_TIME_ZONE). */
function tomorrowAt(now: Date, hour: number, timeZone: string): Date {
  const today = wallTimeAt(now, timeZone);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return instantOfWallTime(
    {
      year: tomorrow.getUTCFullYear(),
      month: tomorrow.getUTCMonth() + 1,
      day: tomorrow.getUTCDate(),
      hour,
      minute: 0,
      second: 0,
    },
    timeZone,
  );
}

/**
 * Writes the demo's life through the app's own API, signed in as each student in turn: every rule,
 * conversation line, notification, queued alert and mail is the one a real student's action makes
 * (so a change to a rule changes the demo with it, and a call the rules refuse stops the seed
 * loudly). Runs once, on the catalogue `seedDemoCatalogue` has just written. When this instance
 * runs the job queue (a first `npm start`), it waits for the alerts its changes caused, so a
 * newcomer's first sign-in finds them; without workers (`npm run seed`) the server delivers them
 * when it starts.
 */
export async function seedDemoActivity(app: FastifyInstance, progress: (line: string) => void): Promise<void> {
  const students = await demoStudents(app);
  const active = students.slice(0, DEMO_ACTIVE_STUDENTS);
  const helpers = students.slice(DEMO_ACTIVE_STUDENTS);
  const forSale = await listingsForSaleOf(app, students);
  const ownListings = (student: DemoStudentRow) => forSale.filter((listing) => listing.sellerId === student.id);
  // Listings the active students shop from, six each, none shared: they belong to the others.
  const shelf = forSale.filter((listing) => helpers.some((helper) => helper.id === listing.sellerId));
  if (shelf.length < active.length * SHELF_PER_STUDENT || active.some((student) => ownListings(student).length === 0)) {
    throw new Error('the demo catalogue is too small for the demo activity');
  }

  progress('Writing the demo students’ conversations, offers, sales, reviews and alerts…');
  const cookies = new Map<string, string>();
  const cookieOf = async (userId: string) => {
    let cookie = cookies.get(userId);
    if (!cookie) {
      const token = await createSession(app.db, app.clock, userId, SEED_USER_AGENT);
      cookie = `${sessionCookieName(app.config)}=${token}`;
      cookies.set(userId, cookie);
    }
    return cookie;
  };
  const call = async <T = Record<string, unknown>>(
    userId: string,
    method: InjectOptions['method'],
    url: string,
    payload?: object,
  ) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie: await cookieOf(userId) },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`demo activity: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const sendRequest = (buyerId: string, listing: DemoListing, buyerMessage: string) =>
    call(buyerId, 'POST', '/interested/mark-interested', { productId: listing.id, buyerMessage });
  const makeOffer = (buyerId: string, listing: DemoListing, offerAmount: number, buyerMessage: string) => {
    if (offerAmount >= listing.price) throw new Error(`demo activity: an offer of ${offerAmount} is not below ${listing.price}`);
    return call(buyerId, 'POST', '/interested/mark-interested', { productId: listing.id, buyerMessage, offerAmount });
  };
  const acceptOffer = (listing: DemoListing, buyerId: string) =>
    call(listing.sellerId, 'POST', '/interested/offers/accept', { productId: listing.id, buyerId });
  const rejectRequest = (listing: DemoListing, buyerId: string) =>
    call(listing.sellerId, 'POST', '/interested/reject-buy-request', {
      productId: listing.id,
      buyerId,
      sellerId: listing.sellerId,
    });
  const review = (authorId: string, listing: DemoListing, { rating, text }: DemoReview) =>
    call(authorId, 'POST', '/reviews', { productId: listing.id, rating, text });
  const startConversation = async (buyerId: string, listing: DemoListing, body: string) =>
    (await call<{ conversation: { _id: string } }>(buyerId, 'POST', '/conversations', { productId: listing.id, body }))
      .conversation._id;
  const reply = (authorId: string, conversationId: string, body: string) =>
    call(authorId, 'POST', `/conversations/${conversationId}/messages`, { body });
  /** The seller edits the listing as the edit form sends it (text fields, photos kept) with a lower price. */
  const lowerPrice = async (listing: DemoListing, percent: number) => {
    const { product } = await call<ProductResponse>(listing.sellerId, 'GET', `/products/${listing.id}`);
    const form = new FormData();
    form.append('title', product.title);
    form.append('description', product.description);
    form.append('price', String(roundedShare(product.price, percent)));
    form.append('originalPrice', product.originalPrice === null ? '' : String(product.originalPrice));
    form.append('category', product.category);
    form.append('condition', product.condition);
    await call(listing.sellerId, 'PATCH', `/products/edit/${listing.id}`, form);
  };

  try {
    // The campus's safe spots (admins keep the list; the migrations seed the first ones).
    const { spots } = await call<SafeSpotsResponse>(active[0]!.id, 'GET', '/meetup-spots');
    const spot = spots.find((candidate) => candidate.name === 'Library entrance') ?? spots[0];
    if (!spot) throw new Error('demo activity: there is no safe spot to meet at');
    const meetAt = tomorrowAt(app.clock.now(), MEETUP_HOUR, app.config.siteTimeZone).toISOString();

    // Saved searches first: the listings changed below are matched against them whenever the
    // queue gets to those changes, so the alerts come out the same every time.
    for (const [index, student] of active.entries()) {
      await call(student.id, 'POST', '/saved-searches', SAVED_SEARCHES[index % SAVED_SEARCHES.length]);
    }

    for (const [index, student] of active.entries()) {
      const [waiting, bought, rejected, asked, liked, haggled] = shelf.slice(
        index * SHELF_PER_STUDENT,
        (index + 1) * SHELF_PER_STUDENT,
      ) as [DemoListing, DemoListing, DemoListing, DemoListing, DemoListing, DemoListing];
      // As a buyer: a request still waiting.
      await sendRequest(student.id, waiting, LINES.request);
      // An offer below the asking price, accepted: sold at that amount; each side reviews the other.
      await makeOffer(student.id, bought, roundedShare(bought.price, 90), LINES.offerToBuy);
      await acceptOffer(bought, student.id);
      await review(student.id, bought, REVIEWS_OF_SELLERS[index % REVIEWS_OF_SELLERS.length]!);
      await review(bought.sellerId, bought, REVIEWS_OF_BUYERS[index % REVIEWS_OF_BUYERS.length]!);
      // A request the seller rejected.
      await sendRequest(student.id, rejected, LINES.requestRejected);
      await rejectRequest(rejected, student.id);
      // An offer the seller countered: the student's answer is awaited.
      const offered = roundedShare(haggled.price, 80);
      const countered = roundedShare(haggled.price, 90);
      if (countered <= offered) throw new Error(`demo activity: no counter between ${offered} and ${haggled.price}`);
      await makeOffer(student.id, haggled, offered, LINES.haggle);
      await call(haggled.sellerId, 'POST', '/interested/offers/counter', {
        productId: haggled.id,
        buyerId: student.id,
        amount: countered,
      });
      // A question the seller has answered, not yet read.
      const question = await startConversation(student.id, asked, LINES.askAvailable);
      await reply(asked.sellerId, question, LINES.answerAvailable);
      for (const listing of [waiting, asked, liked]) await call(student.id, 'POST', `/wishlist/add/${listing.id}`);
      // The seller of one of them makes it cheaper: the student's Alerts tell them (a queued alert).
      await lowerPrice(liked, 90);

      // As a seller: two students want their listing, one at the asking price, one with an offer.
      const own = ownListings(student);
      const first = own[0]!;
      const second = own[1];
      const [one, two, three] = [0, 1, 2].map((n) => helpers[(index * 3 + n) % helpers.length]!) as [
        DemoStudentRow,
        DemoStudentRow,
        DemoStudentRow,
      ];
      await sendRequest(one.id, first, LINES.interestedOne);
      await makeOffer(two.id, first, roundedShare(first.price, 85), LINES.interestedTwo);
      // Held for the first, who agrees to meet at a safe spot tomorrow at five.
      await call(student.id, 'POST', `/products/${first.id}/reserve`, { buyerId: one.id });
      const withOne = await call<{ conversation: { _id: string } }>(one.id, 'GET', `/conversations/by-product/${first.id}`);
      const proposal = await call<{ meetup: { _id: string } }>(
        student.id,
        'POST',
        `/conversations/${withOne.conversation._id}/meetup`,
        { spotId: spot._id, meetAt },
      );
      await call(one.id, 'POST', `/conversations/${withOne.conversation._id}/meetup/${proposal.meetup._id}/accept`);
      // A third bargains over another listing, offers, and (where there is another) buys it at
      // that amount and reviews the student, who has not reviewed back yet.
      const bargained = second ?? first;
      const bargain = await startConversation(three.id, bargained, LINES.askNegotiable);
      await reply(student.id, bargain, LINES.answerNegotiable);
      await makeOffer(three.id, bargained, roundedShare(bargained.price, 90), LINES.offer);
      if (second) {
        await acceptOffer(second, three.id);
        await review(three.id, second, REVIEWS_OF_STUDENT_SELLERS[index % REVIEWS_OF_STUDENT_SELLERS.length]!);
      }
    }

    if (app.jobs.runsWorkers && !(await alertsDelivered(app, ALERTS_WAIT_MS))) {
      progress('Some demo alerts are still on their way: the job queue delivers them shortly.');
    }
  } finally {
    // The seed's own sign-ins end with it: no demo account starts with a session nobody opened.
    await app.db.delete(sessions).where(eq(sessions.userAgent, SEED_USER_AGENT));
  }
}

/** Whether every listing change's alerts (price drops, saved-search matches) went out, waiting up to `timeoutMs`. */
async function alertsDelivered(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [pending] = await app.db
      .select({ id: listingEvents.id })
      .from(listingEvents)
      .where(isNull(listingEvents.processedAt))
      .limit(1);
    if (!pending) return true;
    if (Date.now() > deadline) return false;
    await delay(20);
  }
}

/** The demo students, in the order of their printed logins. */
async function demoStudents(app: FastifyInstance): Promise<DemoStudentRow[]> {
  const emails = demoLogins()
    .filter((login) => login.role === 'student')
    .map((login) => login.email);
  const rows = await app.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  return emails.flatMap((email) => rows.filter((row) => row.email === email));
}

/** The students' listings still for sale and shown (not sold, expired or held back), oldest first. */
async function listingsForSaleOf(app: FastifyInstance, students: DemoStudentRow[]): Promise<DemoListing[]> {
  return app.db
    .select({ id: products.id, sellerId: products.sellerId, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.soldOut, false),
        eq(products.hidden, false),
        inArray(
          products.sellerId,
          students.map((student) => student.id),
        ),
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id));
}
