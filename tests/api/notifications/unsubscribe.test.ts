import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import type { NotificationPage } from '#domain/notifications/notification.wire.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { titleOf } from '../../support/notification-title.ts';

let t: TestApp;
let seller: UserRow;
let buyerCookie: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://market.campus.edu' } });
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  buyerCookie = await sessionCookieFor(t, (await insertUser(t.app.db, { userName: 'meera' })).id);
});
afterAll(() => t.close());

/** A new buy request for the seller; answers the unsubscribe token of the mail it caused, if one was mailed. */
async function newRequestMail(title: string): Promise<string | undefined> {
  const productId = await insertListing(t.app.db, { sellerId: seller.id, title });
  await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Still available?' });
  await t.drainJobs();
  const mail = t.mailer.sent.find((each) => each.subject.includes(title));
  const header = mail?.headers?.['List-Unsubscribe'];
  return header?.match(/unsubscribe\/([\w-]+)>$/)?.[1];
}

describe('one-click unsubscribe (RFC 8058)', () => {
  it('says what a link would turn off without signing in, and a GET changes nothing', async () => {
    const token = await newRequestMail('Lamp');
    expect(token).toHaveLength(43);
    const info = await t.app.inject({ method: 'GET', url: `/api/v1/notifications/unsubscribe/${token}` });
    expect(info.statusCode).toBe(200);
    expect(body(info)).toEqual({ success: true, kind: 'buy-request.received', subscribed: true });
    expect(body(await t.app.inject({ method: 'GET', url: `/api/v1/notifications/unsubscribe/${token}` }))).toMatchObject({
      subscribed: true,
    });
  });

  it("turns off that kind of mail on the mail provider's one-click POST; notifications still arrive in the app", async () => {
    const token = await newRequestMail('Kettle');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      kind: 'buy-request.received',
      msg: notificationMessages.unsubscribed('New buy requests for my listings'),
    });

    expect(await newRequestMail('Heater')).toBeUndefined();
    const page = body<NotificationPage>(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/notifications',
        headers: { cookie: await sessionCookieFor(t, seller.id) },
      }),
    );
    expect(titleOf(page.notifications[0]!)).toBe('Heater');
    const info = await t.app.inject({ method: 'GET', url: `/api/v1/notifications/unsubscribe/${token}` });
    expect(body(info)).toMatchObject({ subscribed: false });
  });

  it('also unsubscribes from the confirmation page (a POST without a body)', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/notifications/preferences',
      headers: { cookie: await sessionCookieFor(t, seller.id) },
      payload: { kind: 'buy-request.received', email: true },
    });
    const token = await newRequestMail('Mirror');
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/notifications/unsubscribe/${token}` });
    expect(response.statusCode).toBe(200);
    expect(await newRequestMail('Rug')).toBeUndefined();
  });

  it('answers 404 with a clear message to a token that names nothing', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/v1/notifications/unsubscribe/not-a-real-token' });
      expect(response.statusCode).toBe(404);
      expect(body(response)).toEqual({ success: false, msg: notificationMessages.unsubscribeInvalid, code: 'NOT_FOUND' });
    }
  });
});
