import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createSession } from '../auth/sessions.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { products, sessions, users } from '../db/schema/index.ts';
import { demoLogins } from './seed-catalogue.ts';

/**
 * The demo students whose marketplace is already in motion on first start: the logins printed at
 * start (the first three) and a few more. Each finds, in their own account: conversations with
 * unread messages, buy requests they sent (one waiting, one accepted, one rejected), buyers
 * interested in their own listing, notifications, and a wishlist.
 */
export const DEMO_ACTIVE_STUDENTS = 6;

/** How the seed signs its calls in; the sessions are ended once it is done. */
const SEED_USER_AGENT = 'campus-market demo seed';

/** What students write to each other in the demo, in the words of a campus. */
const LINES = {
  request: 'Hi! Is this still available? I can pick it up from your hostel this evening.',
  requestAccepted: 'I would like to buy this. Can we meet at the library entrance tomorrow at 5?',
  requestRejected: 'Would you take a little less for it? I can pay in cash today.',
  askAvailable: 'Hi! Is this still available? Could you send a photo of the back as well?',
  answerAvailable: 'Yes, it is still available. I can meet you near the main gate after 5 pm.',
  interestedOne: 'Hello! I am interested. Is the price negotiable at all?',
  interestedTwo: 'Hi, I need this for next semester. Can I see it before buying?',
  askNegotiable: 'Is the price negotiable? I am a first-year on a tight budget.',
  answerNegotiable: 'A little — what do you have in mind?',
  offer: 'Would you take 10% less? I can collect it today, whenever suits you.',
} as const;

interface DemoStudentRow {
  id: string;
  email: string;
}

interface DemoListing {
  id: string;
  sellerId: string;
}

/**
 * Writes the demo's life through the app's own API, signed in as each student in turn: every rule,
 * conversation line, notification and queued mail is the one a real student's action makes (so a
 * change to a rule changes the demo with it, and a call the rules refuse stops the seed loudly).
 * Runs once, on the catalogue `seedDemoCatalogue` has just written.
 */
export async function seedDemoActivity(app: FastifyInstance, progress: (line: string) => void): Promise<void> {
  const students = await demoStudents(app);
  const active = students.slice(0, DEMO_ACTIVE_STUDENTS);
  const helpers = students.slice(DEMO_ACTIVE_STUDENTS);
  const unsold = await unsoldListingsOf(app, students);
  const ownListings = (student: DemoStudentRow) => unsold.filter((listing) => listing.sellerId === student.id);
  // Listings the active students shop from, five each, none shared: they belong to the others.
  const shelf = unsold.filter((listing) => helpers.some((helper) => helper.id === listing.sellerId));
  if (shelf.length < active.length * 5 || active.some((student) => ownListings(student).length === 0)) {
    throw new Error('the demo catalogue is too small for the demo activity');
  }

  progress('Writing the demo students’ conversations, requests and wishlists…');
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
  const decide = (listing: DemoListing, buyerId: string, decision: 'accept' | 'reject') =>
    call(listing.sellerId, 'POST', decision === 'accept' ? '/products/sold-out' : '/interested/reject-buy-request', {
      productId: listing.id,
      buyerId,
      sellerId: listing.sellerId,
    });
  const startConversation = async (buyerId: string, listing: DemoListing, body: string) =>
    (await call<{ conversation: { _id: string } }>(buyerId, 'POST', '/conversations', { productId: listing.id, body }))
      .conversation._id;
  const reply = (authorId: string, conversationId: string, body: string) =>
    call(authorId, 'POST', `/conversations/${conversationId}/messages`, { body });

  try {
    for (const [index, student] of active.entries()) {
      const [waiting, accepted, rejected, asked, liked] = shelf.slice(index * 5, index * 5 + 5) as [
        DemoListing,
        DemoListing,
        DemoListing,
        DemoListing,
        DemoListing,
      ];
      // As a buyer: a request still waiting, one the seller accepted (sold to them), one rejected.
      await sendRequest(student.id, waiting, LINES.request);
      await sendRequest(student.id, accepted, LINES.requestAccepted);
      await decide(accepted, student.id, 'accept');
      await sendRequest(student.id, rejected, LINES.requestRejected);
      await decide(rejected, student.id, 'reject');
      // A question the seller has answered, not yet read.
      const question = await startConversation(student.id, asked, LINES.askAvailable);
      await reply(asked.sellerId, question, LINES.answerAvailable);
      for (const listing of [waiting, asked, liked]) await call(student.id, 'POST', `/wishlist/add/${listing.id}`);

      // As a seller: two students want their listing, a third is bargaining over another.
      const own = ownListings(student);
      const [first, second] = [own[0]!, own[1] ?? own[0]!];
      const [one, two, three] = [0, 1, 2].map((n) => helpers[(index * 3 + n) % helpers.length]!) as [
        DemoStudentRow,
        DemoStudentRow,
        DemoStudentRow,
      ];
      await sendRequest(one.id, first, LINES.interestedOne);
      await sendRequest(two.id, first, LINES.interestedTwo);
      const bargain = await startConversation(three.id, second, LINES.askNegotiable);
      await reply(student.id, bargain, LINES.answerNegotiable);
      await reply(three.id, bargain, LINES.offer);
    }
  } finally {
    // The seed's own sign-ins end with it: no demo account starts with a session nobody opened.
    await app.db.delete(sessions).where(eq(sessions.userAgent, SEED_USER_AGENT));
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

async function unsoldListingsOf(app: FastifyInstance, students: DemoStudentRow[]): Promise<DemoListing[]> {
  return app.db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(
      and(
        eq(products.soldOut, false),
        inArray(
          products.sellerId,
          students.map((student) => student.id),
        ),
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id));
}
