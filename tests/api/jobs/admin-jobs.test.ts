import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsOverview } from '#domain/jobs/jobs.wire.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { jobMessages } from '#domain/jobs/job.messages.ts';
import { auditLog } from '#server/db/schema/index.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';

/** A mail server that refuses some addresses for good, until told otherwise. */
const refused = new Set<string>();
const delivered: MailMessage[] = [];
let t: TestApp;
let admin: UserRow;
let adminCookie: string;
let studentCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      isDevOutbox: false,
      async send(mail) {
        if (refused.has(mail.to)) throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { permanent: true });
        delivered.push(mail);
      },
    },
  });
  admin = await insertUser(t.app.db, { isAdmin: true });
  adminCookie = await sessionCookieFor(t, admin.id);
  studentCookie = await sessionCookieFor(t, (await insertUser(t.app.db)).id);
  buyerCookie = await sessionCookieFor(t, (await insertUser(t.app.db)).id);
});
afterAll(() => t.close());

const overview = (cookie = adminCookie) => t.app.inject({ method: 'GET', url: '/api/v1/admin/jobs', headers: { cookie } });
const retry = (id: string, cookie = adminCookie) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/jobs/${id}/retry`, headers: { cookie } });
const discard = (id: string, cookie = adminCookie) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/admin/jobs/${id}`, headers: { cookie } });

/** A seller whose mail server refuses them: the "new request" mail to them fails for good. */
async function failedMailJob(email: string) {
  refused.add(email);
  const seller = await insertUser(t.app.db, { email });
  const productId = await insertListing(t.app.db, { sellerId: seller.id });
  await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Hello?' });
  await t.drainJobs();
  return { failed: body<JobsOverview>(await overview()).failed };
}

async function auditFor(id: string) {
  return t.app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
}

describe('the admin’s background jobs', () => {
  it('are for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/jobs' })).statusCode).toBe(401);
    const student = await overview(studentCookie);
    expect(student.statusCode).toBe(403);
    expect(body(student)).toMatchObject({ success: false, msg: authMessages.notAdmin });
  });

  it('lists every kind with its counts, and the failed jobs with their last error and what they were', async () => {
    await failedMailJob('lost.student@campus.edu');
    const answer = body<JobsOverview>(await overview());
    expect(answer.kinds.map((each) => each.kind)).toEqual([
      'mail.deliver',
      'mail.housekeeping',
      'alerts.listing-event',
      'listings.expire',
      'saved-searches.digest',
      'auth.housekeeping',
      'offer.expire',
      'conversation.message-mail',
      'push.deliver',
      'moderation.lift-expired',
      'reviews.remind',
      'meetups.remind',
    ]);
    expect(answer.kinds[0]).toMatchObject({ kind: 'mail.deliver', queued: 0, active: 0, failed: 1 });
    expect(answer.failed).toHaveLength(1);
    expect(answer.failed[0]).toMatchObject({
      kind: 'mail.deliver',
      summary: 'buy-request.received mail to lo********nt@campus.edu',
      lastError: '550 5.1.1 mailbox unavailable',
      attempts: 1,
    });
    expect(Date.parse(answer.failed[0]!.failedAt!)).not.toBeNaN();
  });

  it('retries a failed job, once, and records who did it', async () => {
    const { failed } = await failedMailJob('retry.me@campus.edu');
    const job = failed.find((each) => each.summary?.includes('re****me@campus.edu'))!;
    refused.delete('retry.me@campus.edu');
    const response = await retry(job._id);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: jobMessages.retried });
    await t.drainJobs();
    expect(delivered.filter((mail) => mail.to === 'retry.me@campus.edu')).toHaveLength(1);
    expect(body<JobsOverview>(await overview()).failed.map((each) => each._id)).not.toContain(job._id);
    expect(await auditFor(job._id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'job.retry',
        targetType: 'job',
        details: { kind: 'mail.deliver', lastError: '550 5.1.1 mailbox unavailable' },
      }),
    ]);
  });

  it('discards a failed job for good, and records who did it', async () => {
    const { failed } = await failedMailJob('gone.away@campus.edu');
    const job = failed.find((each) => each.summary?.includes('go*****ay@campus.edu'))!;
    const response = await discard(job._id);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: jobMessages.discarded });
    expect(body<JobsOverview>(await overview()).failed.map((each) => each._id)).not.toContain(job._id);
    expect((await auditFor(job._id)).map((row) => row.action)).toEqual(['job.discard']);
    // Already discarded: nothing left to act on.
    expect((await retry(job._id)).statusCode).toBe(404);
  });

  it('answers 404 to a job that is not a failed one, and 403 to a student', async () => {
    for (const id of [randomUUID(), 'nonsense']) {
      const response = await retry(id);
      expect(response.statusCode).toBe(404);
      expect(body(response)).toMatchObject({ success: false, msg: jobMessages.notFound });
    }
    const { failed } = await failedMailJob('not.yours@campus.edu');
    expect((await discard(failed[0]!._id, studentCookie)).statusCode).toBe(403);
  });
});
