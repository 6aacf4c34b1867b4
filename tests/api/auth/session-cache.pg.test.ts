import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '#server/auth/sessions.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

/**
 * Two app instances on one PostgreSQL: B caches the session lookup, and a logout, password change,
 * deletion or suspension made through A must end it on B within a second (issue 10).
 */
let a: TestApp;
let b: TestApp;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ sameDatabaseAs: a });
  admin = await insertUser(a.app.db, { userName: 'admin', isAdmin: true });
  adminCookie = await sessionCookieFor(a, admin.id);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const checkAuth = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });

function tokenHashOf(cookie: string): string {
  return hashSessionToken(cookie.slice(cookie.indexOf('=') + 1));
}

/** A session used on B, so that B holds its lookup in the cache. */
async function sessionCachedOnB(user: UserRow): Promise<string> {
  const cookie = await sessionCookieFor(a, user.id);
  expect((await checkAuth(b, cookie)).statusCode).toBe(200);
  expect(b.app.sessionCache.get(tokenHashOf(cookie), Number.MAX_SAFE_INTEGER)?.user.id).toBe(user.id);
  // Served from the cache now: the same answer without the database.
  expect((await checkAuth(b, cookie)).statusCode).toBe(200);
  return cookie;
}

/** Milliseconds until B answers 401 to the cookie (polling), or Infinity after two seconds. */
async function msUntilRefusedOnB(cookie: string, started: number): Promise<number> {
  while (Date.now() - started < 2000) {
    if ((await checkAuth(b, cookie)).statusCode === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Infinity;
}

describe('the session cache across instances (PostgreSQL)', () => {
  it('refuses on B, within a second, a session logged out on A', async () => {
    const user = await insertUser(a.app.db);
    const cookie = await sessionCachedOnB(user);
    const started = Date.now();
    const logout = await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(await msUntilRefusedOnB(cookie, started)).toBeLessThan(1000);
  });

  it("refuses on B, within a second, the user's other sessions after a password change on A", async () => {
    const user = await insertUser(a.app.db);
    const changingCookie = await sessionCookieFor(a, user.id);
    const otherCookie = await sessionCachedOnB(user);
    const started = Date.now();
    const change = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/changePassword/${user.id}`,
      headers: { cookie: changingCookie },
      payload: { oldPassword: DEFAULT_TEST_PASSWORD, password: 'a-new-campus-pass-7' },
    });
    expect(change.statusCode).toBe(200);
    expect(await msUntilRefusedOnB(otherCookie, started)).toBeLessThan(1000);
    // The browser that changed it stays signed in, on either instance.
    expect((await checkAuth(b, changingCookie)).statusCode).toBe(200);
  });

  it('refuses on B, within a second, the session of an account an admin deleted on A', async () => {
    const user = await insertUser(a.app.db);
    const cookie = await sessionCachedOnB(user);
    const started = Date.now();
    const deletion = await a.app.inject({
      method: 'POST',
      url: `/api/v1/users/delete-account/${user.id}`,
      headers: { cookie: adminCookie },
    });
    expect(deletion.statusCode).toBe(200);
    expect(await msUntilRefusedOnB(cookie, started)).toBeLessThan(1000);
  });

  it('refuses on B, within a second, the session of a user suspended on A', async () => {
    const user = await insertUser(a.app.db);
    const cookie = await sessionCachedOnB(user);
    const started = Date.now();
    const suspension = await a.app.inject({
      method: 'POST',
      url: '/api/v1/admin/moderation/actions',
      headers: { cookie: adminCookie },
      payload: { action: 'suspend', targetType: 'user', targetId: user.id, reason: 'Spamming listings', days: 7 },
    });
    expect(suspension.statusCode).toBe(200);
    expect(await msUntilRefusedOnB(cookie, started)).toBeLessThan(1000);
  });

  it('shows on B, within a second, a new user name saved on A', async () => {
    const user = await insertUser(a.app.db, { userName: 'before' });
    const cookie = await sessionCachedOnB(user);
    const started = Date.now();
    const edit = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${user.id}`,
      headers: { cookie },
      payload: { userName: 'after' },
    });
    expect(edit.statusCode).toBe(200);
    let seen = 'before';
    while (seen !== 'after' && Date.now() - started < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = (await checkAuth(b, cookie)).json<{ user: { userName: string } }>().user.userName;
    }
    expect(seen).toBe('after');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('forgets what it cached when its event connection was lost, since revocations may have been missed', async () => {
    const user = await insertUser(a.app.db);
    const cookie = await sessionCachedOnB(user);
    const started = Date.now();
    await a.app.db.transaction(async (tx) => {
      // Both instances stop listening, and this revocation sends no event at all (triggers off):
      // only B's reaction to the lost connection can end the cached session.
      await tx.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'campus-market-listener' and datname = current_database()`,
      );
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from sessions where token_hash = ${tokenHashOf(cookie)}`);
    });
    expect(await msUntilRefusedOnB(cookie, started)).toBeLessThan(1000);
  });
});
