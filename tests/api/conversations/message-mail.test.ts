import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_MAIL_DELAY_MS, MESSAGE_MAIL_MIN_INTERVAL_MS } from '#domain/conversations/conversation.constants.ts';
import type { StartConversationResponse } from '#domain/conversations/conversation.wire.ts';
import { fakeClock } from '#server/clock.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { storedJobs } from '../jobs/test-queues.ts';
import { conversationCalls } from './conversation-calls.ts';

/**
 * The e-mail of a message goes only if it is still unread when its job runs. The job's ten-minute
 * wait is the queue's (startAfter); here the delay is configured to nothing so the job runs at once,
 * and the hour between mails is counted on a fake clock.
 */
let t: TestApp;
const clock = fakeClock(new Date('2026-03-01T10:00:00Z'));
let seller: UserRow;
let buyer: UserRow;
let sellerCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { messageMailDelayMs: 0 } });
});
afterAll(() => t.close());
beforeEach(async () => {
  seller = await insertUser(t.app.db, { userName: 'ravi' });
  buyer = await insertUser(t.app.db, { userName: 'meera' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  buyerCookie = await sessionCookieFor(t, buyer.id);
  await t.app.db.delete(rateLimits);
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

const mailsTo = (user: UserRow) => t.mailer.sent.filter((mail) => mail.to === user.email);

async function start(title: string, body: string) {
  const productId = await insertListing(t.app.db, { sellerId: seller.id, title });
  const response = await conversationCalls(t).start(buyerCookie, productId, body);
  expect(response.statusCode).toBe(201);
  return (response.json() as StartConversationResponse).conversation._id;
}

describe('the e-mail of an unread message', () => {
  it('is sent when the message is still unread, once per conversation within the hour', async () => {
    const id = await start('Study table', 'Is the table free?');
    await conversationCalls(t).send(buyerCookie, id, 'And the chair?');
    await t.drainJobs();
    expect(mailsTo(seller)).toHaveLength(1);
    expect(mailsTo(seller)[0]).toMatchObject({ subject: 'meera wrote to you about "Study table"' });
    expect(mailsTo(seller)[0]!.text).toContain('Is the table free?');

    clock.advance(MESSAGE_MAIL_MIN_INTERVAL_MS + 1000);
    await conversationCalls(t).send(buyerCookie, id, 'Hello after an hour');
    await t.drainJobs();
    expect(mailsTo(seller)).toHaveLength(2);
  });

  it('is not sent to someone who turned these mails off', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/notifications/preferences',
      headers: { cookie: sellerCookie },
      payload: { kind: 'message.received', email: false },
    });
    await start('Lamp', 'Lamp?');
    await t.drainJobs();
    expect(mailsTo(seller)).toHaveLength(0);
  });
});

describe('the ten-minute wait (real clock, default delay)', () => {
  let delayed: TestApp;
  beforeAll(async () => {
    delayed = await createTestApp();
  });
  afterAll(() => delayed.close());

  async function startOn() {
    const owner = await insertUser(delayed.app.db);
    const asker = await insertUser(delayed.app.db);
    const productId = await insertListing(delayed.app.db, { sellerId: owner.id });
    const response = await conversationCalls(delayed).start(await sessionCookieFor(delayed, asker.id), productId, 'Hi there');
    expect(response.statusCode).toBe(201);
    return { owner, id: (response.json() as StartConversationResponse).conversation._id };
  }

  /** What ten minutes later looks like to the queue: the job falls due now. */
  async function tenMinutesPass() {
    await delayed.app.db.execute(sql`update pgboss.job set start_after = now() where name = 'conversation.message-mail'`);
    await delayed.drainJobs();
  }

  it('schedules the job ten minutes after the message', async () => {
    const before = Date.now();
    const { owner } = await startOn();
    const [job] = (await storedJobs(delayed, 'conversation.message-mail')).slice(-1);
    expect(job!.state).toBe('created');
    expect(job!.startAfter.getTime()).toBeGreaterThanOrEqual(before + MESSAGE_MAIL_DELAY_MS - 1000);
    expect(job!.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + MESSAGE_MAIL_DELAY_MS + 1000);
    await delayed.drainJobs();
    expect(delayed.mailer.sent.filter((mail) => mail.to === owner.email)).toHaveLength(0);
    await tenMinutesPass();
    expect(delayed.mailer.sent.filter((mail) => mail.to === owner.email)).toHaveLength(1);
  });

  it('sends nothing when the message was read within the ten minutes', async () => {
    const { owner, id } = await startOn();
    expect((await conversationCalls(delayed).read(await sessionCookieFor(delayed, owner.id), id)).statusCode).toBe(200);
    await tenMinutesPass();
    expect(delayed.mailer.sent.filter((mail) => mail.to === owner.email)).toHaveLength(0);
  });
});
