import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { CHANGE_PASSWORD_PER_USER } from '#server/users/users.routes.ts';
import { sessions, users } from '#server/db/schema/index.ts';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'hostel-blue-42!';

function changePassword(userId: string, cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/v1/users/changePassword/${userId}`, headers: { cookie }, payload });
}

async function passwordHashOf(id: string) {
  const [row] = await t.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row!.hash;
}

function checkAuth(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });
}

describe('PATCH /users/changePassword/{userId}', () => {
  it('changes the password, ends every other session of the user and keeps this one', async () => {
    const user = await insertUser(t.app.db);
    const bystander = await insertUser(t.app.db);
    const bystanderCookie = await sessionCookieFor(t, bystander.id);
    const laptop = await sessionCookieFor(t, user.id);
    const phone = await sessionCookieFor(t, user.id);
    const here = await sessionCookieFor(t, user.id);

    const response = await changePassword(user.id, here, { oldPassword: DEFAULT_TEST_PASSWORD, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: profileMessages.passwordUpdated });

    expect(await verifyPassword(await passwordHashOf(user.id), NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(await passwordHashOf(user.id), DEFAULT_TEST_PASSWORD)).toBe(false);
    expect((await checkAuth(here)).statusCode).toBe(200);
    expect((await checkAuth(laptop)).statusCode).toBe(401);
    expect((await checkAuth(phone)).statusCode).toBe(401);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await checkAuth(bystanderCookie)).statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await insertUser(t.app.db);
    const other = await sessionCookieFor(t, user.id);
    const cookie = await sessionCookieFor(t, user.id);
    const before = await passwordHashOf(user.id);
    const response = await changePassword(user.id, cookie, { oldPassword: 'not-my-password-1!', password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ success: false, msg: profileMessages.wrongCurrentPassword, code: 'VALIDATION' });
    expect(await passwordHashOf(user.id)).toBe(before);
    expect((await checkAuth(other)).statusCode).toBe(200);
  });

  it("refuses another user's id with 403, even with that user's right password", async () => {
    const victim = await insertUser(t.app.db);
    const attacker = await insertUser(t.app.db);
    const before = await passwordHashOf(victim.id);
    const response = await changePassword(victim.id, await sessionCookieFor(t, attacker.id), {
      oldPassword: DEFAULT_TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(authMessages.onlyOwnAccount);
    expect(await passwordHashOf(victim.id)).toBe(before);
  });

  it.each([
    [{ password: NEW_PASSWORD }, validationMessages.currentPasswordRequired],
    [{ oldPassword: '', password: NEW_PASSWORD }, validationMessages.currentPasswordRequired],
    [{ oldPassword: DEFAULT_TEST_PASSWORD }, validationMessages.newPasswordRequired],
    [{ oldPassword: DEFAULT_TEST_PASSWORD, password: '' }, validationMessages.newPasswordRequired],
    [{ oldPassword: DEFAULT_TEST_PASSWORD, password: 'short1!' }, validationMessages.newPasswordWeak],
    [{ oldPassword: DEFAULT_TEST_PASSWORD, password: 'nosymbol123' }, validationMessages.newPasswordWeak],
    [{ oldPassword: DEFAULT_TEST_PASSWORD, password: 'no-digits-here' }, validationMessages.newPasswordWeak],
    [{ oldPassword: DEFAULT_TEST_PASSWORD, password: 'ALLCAPS123!' }, validationMessages.newPasswordWeak],
  ])('refuses %o with the spec message', async (payload, msg) => {
    const user = await insertUser(t.app.db);
    const response = await changePassword(user.id, await sessionCookieFor(t, user.id), payload);
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(msg);
  });

  it('refuses a strong-looking but common password', async () => {
    const user = await insertUser(t.app.db);
    const response = await changePassword(user.id, await sessionCookieFor(t, user.id), {
      oldPassword: DEFAULT_TEST_PASSWORD,
      password: 'p@ssw0rd',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(validationMessages.passwordTooCommon);
  });

  it('accepts a strong password without an uppercase letter', async () => {
    const user = await insertUser(t.app.db);
    const response = await changePassword(user.id, await sessionCookieFor(t, user.id), {
      oldPassword: DEFAULT_TEST_PASSWORD,
      password: 'lowercase-only-7#',
    });
    expect(response.statusCode).toBe(200);
  });

  it('slows down someone guessing the current password with a stolen session', async () => {
    const user = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, user.id);
    for (let attempt = 0; attempt < CHANGE_PASSWORD_PER_USER.limit; attempt++) {
      const response = await changePassword(user.id, cookie, { oldPassword: `guess-${attempt}-x!`, password: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
    }
    const refused = await changePassword(user.id, cookie, { oldPassword: DEFAULT_TEST_PASSWORD, password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(body(refused).msg).toBe(authMessages.tooManyRequestsRetry(15 * 60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await verifyPassword(await passwordHashOf(user.id), DEFAULT_TEST_PASSWORD)).toBe(true);
  });

  it('is for signed-in users only', async () => {
    const user = await insertUser(t.app.db);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/changePassword/${user.id}`,
      payload: { oldPassword: DEFAULT_TEST_PASSWORD, password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
