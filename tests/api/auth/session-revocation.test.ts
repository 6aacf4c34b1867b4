import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '#server/auth/sessions.ts';
import { fakeClock } from '#server/clock.ts';
import { sessions, users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

/** One instance: its cached session lookups never outlive a logout, a hold or a change of the user. */
const clock = fakeClock(new Date('2026-03-02T06:00:00Z'));
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await insertUser(t.app.db, { userName: 'admin', isAdmin: true });
  adminCookie = await sessionCookieFor(t, admin.id);
});
afterAll(() => t.close());

const checkAuth = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });

/** A session that was used once, so that its lookup is held in the cache. */
async function cachedSession(user: UserRow): Promise<string> {
  const cookie = await sessionCookieFor(t, user.id);
  expect((await checkAuth(cookie)).statusCode).toBe(200);
  const tokenHash = hashSessionToken(cookie.slice(cookie.indexOf('=') + 1));
  expect(t.app.sessionCache.get(tokenHash, Number.MAX_SAFE_INTEGER)?.user.id).toBe(user.id);
  return cookie;
}

describe('session lookups cached by one instance', () => {
  it('refuses a logged-out session on the very next call', async () => {
    const cookie = await cachedSession(await insertUser(t.app.db));
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it('refuses the session of a user suspended by an admin on the very next call', async () => {
    const user = await insertUser(t.app.db);
    const cookie = await cachedSession(user);
    const suspension = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/moderation/actions',
      headers: { cookie: adminCookie },
      payload: { action: 'suspend', targetType: 'user', targetId: user.id, reason: 'Spamming listings', days: 1 },
    });
    expect(suspension.statusCode).toBe(200);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });

  it('takes away admin rights changed in the database, with no call of the app, before the next call', async () => {
    const promoted = await insertUser(t.app.db, { isAdmin: true });
    const cookie = await cachedSession(promoted);
    const stats = () => t.app.inject({ method: 'GET', url: '/api/v1/admin-stats/users/statistics', headers: { cookie } });
    expect((await stats()).statusCode).toBe(200);
    await t.app.db.update(users).set({ isAdmin: false }).where(eq(users.id, promoted.id));
    // Only the trigger's event can tell the cache; on PostgreSQL it arrives a moment after the commit.
    const started = Date.now();
    let status = (await stats()).statusCode;
    while (status !== 403 && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await stats()).statusCode;
    }
    expect(status).toBe(403);
  });

  it('still slides a cached session forward once its hourly renewal is due, cookie and row alike', async () => {
    const user = await insertUser(t.app.db);
    const cookie = await cachedSession(user);
    expect((await checkAuth(cookie)).headers['set-cookie']).toBeUndefined();
    clock.advance(2 * 3600_000);
    const renewed = await checkAuth(cookie);
    expect(renewed.statusCode).toBe(200);
    expect(String(renewed.headers['set-cookie'])).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.lastUsedAt).toEqual(clock.now());
    expect(row!.expiresAt).toEqual(new Date(clock.now().getTime() + 30 * 24 * 3600_000));
  });
});
