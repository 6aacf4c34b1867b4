import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, unsubscribeTokens } from '#server/db/schema/index.ts';
import { createSmtpMailer } from '#server/mail/mailer.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { notify } from '#server/notifications/notify.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestSmtpServer, headerOf, startSmtpServer } from '../../support/smtp-server.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { storedJobs } from '../jobs/test-queues.ts';

/** The app mails through a real SMTP server on a fixed port, which the tests stop and start. */
let smtp: TestSmtpServer | undefined;
let port: number;
let t: TestApp;
let seller: UserRow;
let buyer: UserRow;
let buyerCookie: string;
const refused = new Set<string>();

async function smtpUp() {
  smtp = await startSmtpServer({ port, refuse: (address) => refused.has(address) });
  return smtp;
}
async function smtpDown() {
  await smtp?.close();
  smtp = undefined;
}

beforeAll(async () => {
  const probe = await startSmtpServer();
  port = probe.port;
  await probe.close();
  t = await createTestApp({
    config: { publicUrl: 'https://market.campus.edu', mailFrom: 'Campus Market <no-reply@campus.edu>' },
    mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Campus Market <no-reply@campus.edu>'),
  });
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  buyer = await insertUser(t.app.db, { userName: 'meera', email: 'meera@campus.edu' });
  buyerCookie = await sessionCookieFor(t, buyer.id);
});
afterEach(async () => {
  await smtpUp().catch(() => {});
  await t.drainJobs();
  await smtpDown();
});
afterAll(async () => {
  await t?.close();
  await smtpDown();
});

async function requestListing(title: string) {
  const productId = await insertListing(t.app.db, { sellerId: seller.id, title });
  const response = await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: `I'd like the ${title}` });
  expect(response.statusCode).toBe(200);
  return productId;
}

async function outboxMailFor(title: string) {
  const rows = await t.app.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.subject} like ${`%${title}%`}`);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('mail through the queue', () => {
  it('answers a buy request at once while the mail server is down, and delivers the mail exactly once when it is back', async () => {
    await smtpDown();
    const started = Date.now();
    await requestListing('Desk fan');
    expect(Date.now() - started).toBeLessThan(1500);

    // The first attempt fails and a retry is scheduled: nothing is lost.
    await expect.poll(async () => (await outboxMailFor('Desk fan')).attempts, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const pending = await outboxMailFor('Desk fan');
    expect(pending.status).toBe('pending');
    expect(pending.lastError).toMatch(/ECONNREFUSED|connect/i);

    const server = await smtpUp();
    await expect.poll(() => server.received.length, { timeout: 20_000, interval: 100 }).toBe(1);
    // Later retries and polls send nothing more.
    await t.drainJobs();
    await delay(1500);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.subject).toBe('New buy request for "Desk fan"');
    const delivered = await outboxMailFor('Desk fan');
    expect(delivered).toMatchObject({ status: 'sent', textBody: null, htmlBody: null });
    expect(mail!.messageId).toBe(delivered.messageId);
  });

  it('never sends a mail twice for one event: a retry after the delivery was recorded sends nothing', async () => {
    const server = await smtpUp();
    await requestListing('Kettle');
    await expect.poll(() => server.received.length, { timeout: 5000 }).toBe(1);
    await t.drainJobs();
    const delivered = await outboxMailFor('Kettle');
    expect(delivered.status).toBe('sent');

    // As if the process died after recording the delivery but before completing the job: it runs again.
    await t.app.db.transaction((tx) => t.app.jobs.enqueue(tx, 'mail.deliver', { outboxId: delivered.id }));
    await t.drainJobs();
    expect(server.received).toHaveLength(1);
  });

  it('ends a mail to an address the server refuses for good in the failed jobs, with the server’s answer', async () => {
    refused.add('ghost@campus.edu');
    const ghost = await insertUser(t.app.db, { userName: 'ghost', email: 'ghost@campus.edu' });
    const server = await smtpUp();
    const productId = await insertListing(t.app.db, { sellerId: ghost.id, title: 'Haunted lamp' });
    await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Boo?' });

    await expect.poll(async () => (await outboxMailFor('Haunted lamp')).status, { timeout: 5000 }).toBe('failed');
    const failed = await outboxMailFor('Haunted lamp');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('550');
    // The outbox row is marked before the job handler returns; the queue marks the job after it.
    const failedJob = async () => (await storedJobs(t, 'mail.deliver')).find((each) => each.state === 'failed');
    await expect.poll(failedJob, { timeout: 5000 }).toBeDefined();
    expect((await failedJob())?.output?.message).toContain('550');
    expect(server.received).toHaveLength(0);
  });

  it('stores no notification, no mail and no job when the transaction that notifies rolls back', async () => {
    const server = await smtpUp();
    const jobsBefore = (await storedJobs(t, 'mail.deliver')).length;
    await t.app.db
      .transaction(async (tx) => {
        await notify(tx, t.app, {
          to: seller,
          kind: 'buy-request.rejected',
          payload: { productId: '00000000-0000-4000-8000-000000000000', productTitle: 'Rolled back' },
          mail: {},
        });
        throw new Error('the change failed after notifying');
      })
      .catch(() => {});
    await t.drainJobs();
    expect(
      await t.app.db
        .select()
        .from(notifications)
        .where(sql`${notifications.payload}->>'productTitle' = 'Rolled back'`),
    ).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.subject} like '%Rolled back%'`),
    ).toEqual([]);
    expect(await storedJobs(t, 'mail.deliver')).toHaveLength(jobsBefore);
    expect(server.received).toHaveLength(0);
  });

  it('stores one mail and one unsubscribe token per event, however often the event is queued', async () => {
    const server = await smtpUp();
    const tokensOf = async () =>
      (await t.app.db.select().from(unsubscribeTokens).where(eq(unsubscribeTokens.userId, seller.id))).length;
    const tokensBefore = await tokensOf();
    const queueTwice = async () =>
      t.app.db.transaction((tx) =>
        queueMail(tx, t.app, {
          kind: 'buy-request.rejected',
          to: seller.email,
          userId: seller.id,
          data: {
            recipientName: seller.userName,
            payload: { productId: '00000000-0000-4000-8000-000000000001', productTitle: 'Queued twice' },
          },
          eventKey: 'test:queued-twice',
        }),
      );
    expect(await queueTwice()).toBe(true);
    expect(await queueTwice()).toBe(false);
    await outboxMailFor('Queued twice');
    expect(await tokensOf()).toBe(tokensBefore + 1);
    // Delivered once (and before the test ends: afterEach's restart of the server would cut it short).
    await expect.poll(() => server.received.length, { timeout: 5000 }).toBe(1);
  });

  it('delivers mails queued together as one batch, each once, and a refused address holds back none of the others', async () => {
    refused.add('nobody@campus.edu');
    const server = await smtpUp();
    const recipients = ['ravi@campus.edu', 'nobody@campus.edu', 'meera@campus.edu', 'ravi@campus.edu'];
    await t.app.db.transaction(async (tx) => {
      for (const [index, to] of recipients.entries()) {
        await queueMail(tx, t.app, {
          kind: 'buy-request.rejected',
          to,
          userId: seller.id,
          data: {
            recipientName: 'you',
            payload: { productId: '00000000-0000-4000-8000-000000000002', productTitle: `Batch ${index}` },
          },
          eventKey: `test:batch-${index}`,
        });
      }
    });
    await t.drainJobs();
    expect(server.received.map((mail) => mail.subject).toSorted()).toEqual([
      'Your buy request for "Batch 0" was declined',
      'Your buy request for "Batch 2" was declined',
      'Your buy request for "Batch 3" was declined',
    ]);
    const mails = await Promise.all([0, 1, 2, 3].map((index) => outboxMailFor(`Batch ${index}`)));
    expect(mails.map((mail) => mail.status)).toEqual(['sent', 'failed', 'sent', 'sent']);
    // One look took all four (a look marks what it takes as started in one statement).
    const looks = (await t.app.db.execute(
      sql`select count(distinct started_on)::int as looks from pgboss.job
           where name = 'mail.deliver' and data->>'outboxId' in ${mails.map((mail) => mail.id)}`,
    )) as unknown as { rows: { looks: number }[] };
    expect(looks.rows[0]!.looks).toBe(1);
  });

  it('gives each notification mail a text and an HTML part, the site and a one-click unsubscribe for its kind', async () => {
    const server = await smtpUp();
    await requestListing('Guitar');
    await expect.poll(() => server.received.length, { timeout: 5000 }).toBe(1);
    const mail = server.received[0]!;
    const oneClick = headerOf(mail, 'List-Unsubscribe');
    expect(oneClick).toMatch(/^<https:\/\/market\.campus\.edu\/api\/v1\/notifications\/unsubscribe\/[\w-]{43}>$/);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = oneClick.slice(oneClick.lastIndexOf('/') + 1, -1);
    for (const part of [mail.text ?? '', String(mail.html)]) {
      expect(part).toContain('Campus Market');
      expect(part).toContain('https://market.campus.edu');
      expect(part).toContain(`https://market.campus.edu/unsubscribe/${token}`);
      expect(part).toContain('New buy requests for my listings');
    }
  });
});

describe('one-time codes that could not go out in time', () => {
  it('are dropped instead of arriving after the code has expired', async () => {
    await smtpDown();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/send-code', payload: { email: 'late@campus.edu' } });
    await expect
      .poll(async () => (await outboxMailFor('verification code')).attempts, { timeout: 5000 })
      .toBeGreaterThanOrEqual(1);
    // Ten minutes pass while the mail server is down.
    await t.app.db
      .update(mailOutbox)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.toAddress, 'late@campus.edu'));
    const server = await smtpUp();
    await expect.poll(async () => (await outboxMailFor('verification code')).status, { timeout: 15_000 }).toBe('expired');
    expect(server.received).toHaveLength(0);
  });
});
