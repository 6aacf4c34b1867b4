import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { fakeClock } from '#server/clock.ts';
import { sessions, users } from '#server/db/schema/index.ts';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { STRONG_PASSWORD, codeIn, lastMailTo, post } from './auth-helpers.ts';

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function requestCode(email: string) {
  const response = await post(t, 'forgot-password', { email });
  expect(response.statusCode).toBe(200);
  return codeIn(await lastMailTo(t, email));
}

describe('forgot-password', () => {
  it('mails a reset code to an existing account', async () => {
    await insertUser(t.app.db, { email: 'forgetful@campus.edu' });
    const response = await post(t, 'forgot-password', { email: 'Forgetful@campus.edu' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: authMessages.resetCodeSent });
    const mail = await lastMailTo(t, 'forgetful@campus.edu');
    expect(mail?.subject).toBe('Your Campus Market password reset code');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it('answers an unknown address exactly alike and mails nothing', async () => {
    await t.drainJobs();
    const before = t.mailer.sent.length;
    const response = await post(t, 'forgot-password', { email: 'ghost@campus.edu' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: authMessages.resetCodeSent });
    await t.drainJobs();
    expect(t.mailer.sent.length).toBe(before);
  });

  it('holds the one-minute resend interval whether or not the account exists', async () => {
    await insertUser(t.app.db, { email: 'eager@campus.edu' });
    for (const email of ['eager@campus.edu', 'phantom@campus.edu']) {
      await post(t, 'forgot-password', { email });
      const again = await post(t, 'forgot-password', { email });
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('60');
      expect(body(again)).toMatchObject({ success: false, msg: authMessages.resendTooSoon(60) });
    }
  });
});

describe('reset-password', () => {
  it('sets the new password, refuses the old one and ends every session of the account', async () => {
    const user = await insertUser(t.app.db, { email: 'locked-out@campus.edu' });
    const phone = await sessionCookieFor(t, user.id);
    const laptop = await sessionCookieFor(t, user.id);
    const code = await requestCode('locked-out@campus.edu');

    const reset = await post(t, 'reset-password', { email: 'locked-out@campus.edu', code, password: STRONG_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(body(reset)).toEqual({ success: true, msg: authMessages.passwordReset });

    for (const cookie of [phone, laptop]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const oldPassword = await post(t, 'login', { email: 'locked-out@campus.edu', password: DEFAULT_TEST_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    expect(body(oldPassword)).toMatchObject({ msg: authMessages.invalidCredentials });
    const newPassword = await post(t, 'login', { email: 'locked-out@campus.edu', password: STRONG_PASSWORD });
    expect(newPassword.statusCode).toBe(200);
  });

  it('uses the code once', async () => {
    await insertUser(t.app.db, { email: 'reuse@campus.edu' });
    const code = await requestCode('reuse@campus.edu');
    expect((await post(t, 'reset-password', { email: 'reuse@campus.edu', code, password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
    const again = await post(t, 'reset-password', { email: 'reuse@campus.edu', code, password: 'another-Pass-9!' });
    expect(again.statusCode).toBe(400);
    expect(body(again)).toMatchObject({ success: false, msg: authMessages.invalidCode });
  });

  it('refuses a weak or common new password and keeps the code usable', async () => {
    await insertUser(t.app.db, { email: 'weak-reset@campus.edu' });
    const code = await requestCode('weak-reset@campus.edu');
    const weak = await post(t, 'reset-password', { email: 'weak-reset@campus.edu', code, password: 'abc' });
    expect(body(weak)).toMatchObject({ success: false, msg: validationMessages.passwordWeak });
    const common = await post(t, 'reset-password', { email: 'weak-reset@campus.edu', code, password: 'p@ssw0rd' });
    expect(body(common)).toMatchObject({ success: false, msg: validationMessages.passwordTooCommon });
    const good = await post(t, 'reset-password', { email: 'weak-reset@campus.edu', code, password: STRONG_PASSWORD });
    expect(good.statusCode).toBe(200);
  });

  it('refuses an expired code, and a code after 5 wrong tries', async () => {
    await insertUser(t.app.db, { email: 'slow-reset@campus.edu' });
    const code = await requestCode('slow-reset@campus.edu');
    clock.advance(10 * 60_000 + 1);
    const late = await post(t, 'reset-password', { email: 'slow-reset@campus.edu', code, password: STRONG_PASSWORD });
    expect(body(late)).toMatchObject({ success: false, msg: authMessages.codeExpired });

    const fresh = await requestCode('slow-reset@campus.edu');
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await post(t, 'reset-password', { email: 'slow-reset@campus.edu', code: wrong, password: STRONG_PASSWORD });
    }
    const sixth = await post(t, 'reset-password', { email: 'slow-reset@campus.edu', code: fresh, password: STRONG_PASSWORD });
    expect(body(sixth)).toMatchObject({ success: false, msg: authMessages.codeDead });
  });

  it('does not accept a registration code as a reset code', async () => {
    await post(t, 'send-code', { email: 'mixed@campus.edu' });
    const registrationCode = codeIn(await lastMailTo(t, 'mixed@campus.edu'));
    await insertUser(t.app.db, { email: 'mixed@campus.edu' });
    const response = await post(t, 'reset-password', {
      email: 'mixed@campus.edu',
      code: registrationCode,
      password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.invalidCode });
  });

  it('lifts the login back-off of the account', async () => {
    const user = await insertUser(t.app.db, { email: 'held@campus.edu' });
    await t.app.db
      .update(users)
      .set({ failedLoginCount: 14, loginBlockedUntil: new Date(clock.now().getTime() + 15 * 60_000) })
      .where(eq(users.id, user.id));
    const code = await requestCode('held@campus.edu');
    await post(t, 'reset-password', { email: 'held@campus.edu', code, password: STRONG_PASSWORD });
    const login = await post(t, 'login', { email: 'held@campus.edu', password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
  });
});
