import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { roundTripsOfTransaction } from '../platform/round-trips.ts';
import { buyRequestCalls, storedRequests } from './buy-request-calls.ts';

// Runs only in the PostgreSQL pass: round trips are node-postgres's (PGlite has none).
let t: TestApp;
let calls: ReturnType<typeof buyRequestCalls>;
let seller: UserRow;
let buyerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  calls = buyRequestCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  const buyer = await insertUser(t.app.db, { userName: 'meera' });
  buyerCookie = await sessionCookieFor(t, buyer.id);
});
afterAll(() => t.close());

describe('a buy request’s round trips to the database', () => {
  it('counts the buyer’s hit with the listing’s lock, sends the request with its message, then the seller’s mail (its job in the same statement), their notification and one NOTIFY with COMMIT: three round trips from BEGIN', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Study lamp' });
    let status = 0;
    const trips = await roundTripsOfTransaction(async () => {
      status = (await calls.markInterested(buyerCookie, { productId, buyerMessage: 'Can I pick it up tonight?' })).statusCode;
    });
    expect(status).toBe(200);
    const sent = trips.map((trip) => trip.join(''));
    expect(sent).toHaveLength(3);
    // Each round trip's statements leave in one write to the socket.
    expect(trips.map((trip) => trip.length)).toEqual([1, 1, 1]);
    expect(sent[0]).toMatch(/begin[\s\S]*count-rate-limit-hits[\s\S]*lock-listing-with-seller/);
    expect(sent[1]).toMatch(/store-active-request[\s\S]*post-in-listing-conversation-by-buyer/);
    // The mail and the notification are not waited for: their answers are checked at COMMIT.
    expect(sent[2]).toMatch(/insert-outbox-mail[\s\S]*insert into pgboss\.job[\s\S]*insert-notification[\s\S]*commit/);
    expect(sent[2]).not.toMatch(/boss-[0-9a-f]+/);
    // The transaction's events (the notification, the mail's job, the message, the barrier) as one notification.
    expect(sent[2]!.match(/notify campus_market_events/g)).toHaveLength(1);
    expect(sent[2]).toMatch(/notify campus_market_events, '\[[\s\S]*\]';commit/);
    // All of it committed: the request, its message in the conversation, the notification, the mail and its job.
    expect(await storedRequests(t, productId)).toHaveLength(1);
    const [counts] = (
      (await t.app.db.execute(sql`
        select (select count(*) from conversation_messages m join conversations c on c.id = m.conversation_id
                 where c.product_id = ${productId} and m.body = 'Can I pick it up tonight?')::int as messages,
               (select count(*) from notifications where user_id = ${seller.id} and payload->>'productId' = ${productId})::int as notifications,
               (select count(*) from mail_outbox where user_id = ${seller.id} and subject like '%Study lamp%')::int as mails,
               (select count(*) from pgboss.job j join mail_outbox o on o.id::text = j.data->>'outboxId'
                 where j.name = 'mail.deliver' and o.subject like '%Study lamp%')::int as jobs
      `)) as unknown as { rows: { messages: number; notifications: number; mails: number; jobs: number }[] }
    ).rows;
    expect(counts).toEqual({ messages: 1, notifications: 1, mails: 1, jobs: 1 });
  });
});
