import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { LOGIN_PER_EMAIL, LOGIN_PER_IP } from '#server/auth/auth-rate-limits.ts';
import { pruneExpiredAuthRows } from '#server/auth/auth.repository.ts';
import { KNOWN_DEVICES_PER_USER } from '#server/auth/known-devices.ts';
import { fakeClock } from '#server/clock.ts';
import { knownDevices, users } from '#server/db/schema/index.ts';
import { clientAddressKey, countHit } from '#server/http/rate-limit.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp } from '../../support/test-app.ts';
import { STRONG_PASSWORD, codeIn, lastMailTo, post, registerAccount, sessionCookieOf } from './auth-helpers.ts';

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60_000;

function setCookies(response: LightMyRequestResponse): string[] {
  return [response.headers['set-cookie'] ?? []].flat();
}

/** The known-device cookie a response set, as a request header value. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const header = setCookies(response).find((cookie) => cookie.startsWith('cm_device='));
  if (!header) throw new Error('no known-device cookie was set');
  return header.split(';')[0]!;
}

function login(email: string, password: string, options: { cookie?: string; remoteAddress?: string } = {}) {
  return post(t, 'login', { email, password }, { remoteAddress: '10.50.0.1', ...options });
}

/** The owner signs in once from their own browser, which becomes a known device. */
async function ownersDevice(user: UserRow, password = DEFAULT_TEST_PASSWORD): Promise<string> {
  const response = await login(user.email, password, { remoteAddress: '10.60.0.1' });
  expect(response.statusCode).toBe(200);
  return deviceCookieOf(response);
}

/** Someone else fails ten times from ten addresses, without cookies: the account is held back. */
async function lockOutUnknownBrowsers(email: string) {
  for (let attempt = 1; attempt <= 10; attempt++) {
    const response = await login(email, `attacker-guess-${attempt}!`, { remoteAddress: `10.66.${attempt}.1` });
    expect(response.statusCode).toBe(401);
  }
}

async function devicesOf(userId: string) {
  return t.app.db.select().from(knownDevices).where(eq(knownDevices.userId, userId));
}

describe('known devices', () => {
  it('lets the owner sign in from their known browser while an attacker holds the account back', async () => {
    const owner = await insertUser(t.app.db, { email: 'targeted@campus.edu' });
    const device = await ownersDevice(owner);
    await lockOutUnknownBrowsers(owner.email);

    const stranger = await login(owner.email, DEFAULT_TEST_PASSWORD, { remoteAddress: '10.70.0.1' });
    expect(stranger.statusCode).toBe(429);
    expect(body(stranger)).toMatchObject({ success: false, msg: authMessages.loginBackoff(30) });

    const fromKnownDevice = await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: device });
    expect(fromKnownDevice.statusCode).toBe(200);
    expect(body(fromKnownDevice)).toMatchObject({ success: true, msg: authMessages.loginSuccess, user: { _id: owner.id } });
  });

  it('keeps growing the back-off for unknown browsers although the owner signed in meanwhile', async () => {
    const owner = await insertUser(t.app.db, { email: 'persistent@campus.edu' });
    const device = await ownersDevice(owner);
    await lockOutUnknownBrowsers(owner.email);
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: device })).statusCode).toBe(200);

    const waits = [];
    for (let round = 0; round < 6; round++) {
      const held = await login(owner.email, DEFAULT_TEST_PASSWORD, { remoteAddress: '10.71.0.1' });
      expect(held.statusCode).toBe(429);
      const seconds = Number(held.headers['retry-after']);
      waits.push(seconds);
      clock.advance(seconds * 1000);
      expect((await login(owner.email, `attacker-again-${round}!`, { remoteAddress: '10.71.0.2' })).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900]);
    const capped = await login(owner.email, DEFAULT_TEST_PASSWORD, { remoteAddress: '10.71.0.3' });
    expect(capped.headers['retry-after']).toBe('900');
    clock.advance(900_000);
  });

  it("checks a known browser's password normally and counts its failures against it alone", async () => {
    const owner = await insertUser(t.app.db, { email: 'clumsy@campus.edu' });
    const device = await ownersDevice(owner);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(owner.email, `my-typo-${attempt}!`, { cookie: device })).statusCode).toBe(401);
    }
    const deviceHeld = await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: device });
    expect(deviceHeld.statusCode).toBe(429);
    expect(deviceHeld.headers['retry-after']).toBe('30');

    const [row] = await t.app.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ failedLoginCount: 0, loginBlockedUntil: null });
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { remoteAddress: '10.72.0.1' })).statusCode).toBe(200);

    clock.advance(30_000);
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: device })).statusCode).toBe(200);
  });

  it("does not let another account's known-device cookie skip the back-off", async () => {
    const neighbour = await insertUser(t.app.db, { email: 'neighbour@campus.edu' });
    const neighboursDevice = await ownersDevice(neighbour);
    const victim = await insertUser(t.app.db, { email: 'next-door@campus.edu' });
    await lockOutUnknownBrowsers(victim.email);
    const response = await login(victim.email, DEFAULT_TEST_PASSWORD, { cookie: neighboursDevice });
    expect(response.statusCode).toBe(429);
  });

  it('ignores a made-up or expired known-device cookie', async () => {
    const owner = await insertUser(t.app.db, { email: 'forgotten-laptop@campus.edu' });
    const device = await ownersDevice(owner);
    await lockOutUnknownBrowsers(owner.email);
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: 'cm_device=made-up' })).statusCode).toBe(429);
    clock.advance(366 * DAY_MS);
    // A year on, one more failure holds the account back again; the year-old cookie no longer helps.
    expect((await login(owner.email, 'attacker-next-year-1!', { remoteAddress: '10.66.99.1' })).statusCode).toBe(401);
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: device })).statusCode).toBe(429);
  });

  it("lets the owner's known browser past the per-e-mail limit an attacker used up", async () => {
    const owner = await insertUser(t.app.db, { email: 'popular@campus.edu' });
    const device = await ownersDevice(owner);
    for (let hit = 0; hit < LOGIN_PER_EMAIL.limit; hit++) {
      await countHit(t.app.db, clock, { rule: LOGIN_PER_EMAIL, subject: owner.email });
    }
    const stranger = await login(owner.email, DEFAULT_TEST_PASSWORD, { remoteAddress: '10.73.0.1' });
    expect(stranger.statusCode).toBe(429);
    expect(body(stranger)).toMatchObject({ msg: authMessages.tooManyRequestsRetry(15 * 60) });
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: device })).statusCode).toBe(200);
    clock.advance(15 * 60_000);
  });

  it('still holds a known browser to the per-IP limit', async () => {
    const owner = await insertUser(t.app.db, { email: 'busy-hostel@campus.edu' });
    const device = await ownersDevice(owner);
    const address = '10.74.0.1';
    for (let hit = 0; hit < LOGIN_PER_IP.limit; hit++) {
      await countHit(t.app.db, clock, { rule: LOGIN_PER_IP, subject: clientAddressKey(address) });
    }
    const response = await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: device, remoteAddress: address });
    expect(response.statusCode).toBe(429);
  });
});

describe('the known-device cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and lasts a year; only its hash is stored', async () => {
    const owner = await insertUser(t.app.db, { email: 'cookie-jar@campus.edu' });
    const response = await login(owner.email, DEFAULT_TEST_PASSWORD);
    const header = setCookies(response).find((cookie) => cookie.startsWith('cm_device='))!;
    expect(header).toMatch(/^cm_device=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    const token = deviceCookieOf(response).split('=')[1]!;
    const hash = createHash('sha256').update(token).digest('hex');
    expect((await devicesOf(owner.id)).map((row) => row.tokenHash)).toEqual([hash]);
  });

  it('is Secure with the __Host- prefix when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ config: { secureCookies: true, publicUrl: 'https://market.campus.edu' } });
    try {
      await insertUser(secure.app.db, { email: 'secure-device@campus.edu' });
      const response = await post(secure, 'login', { email: 'secure-device@campus.edu', password: DEFAULT_TEST_PASSWORD });
      const header = setCookies(response).find((cookie) => cookie.startsWith('__Host-cm_device='));
      expect(header).toContain('Secure');
      expect(header).not.toContain('Domain=');
    } finally {
      await secure.close();
    }
  });

  it('is replaced at every login, and survives logout', async () => {
    const owner = await insertUser(t.app.db, { email: 'rotating@campus.edu' });
    const first = await ownersDevice(owner);
    const again = await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: first });
    const second = deviceCookieOf(again);
    expect(second).not.toBe(first);
    expect(await devicesOf(owner.id)).toHaveLength(1);

    const logout = await post(t, 'logout', undefined, { cookie: `${sessionCookieOf(again)}; ${second}` });
    expect(logout.statusCode).toBe(200);
    expect(setCookies(logout).some((cookie) => cookie.startsWith('cm_device='))).toBe(false);

    await lockOutUnknownBrowsers(owner.email);
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: first })).statusCode).toBe(429);
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: second })).statusCode).toBe(200);
  });

  it(`remembers at most ${KNOWN_DEVICES_PER_USER} browsers per account, forgetting the oldest`, async () => {
    const owner = await insertUser(t.app.db, { email: 'many-browsers@campus.edu' });
    const cookies: string[] = [];
    for (let browser = 0; browser < KNOWN_DEVICES_PER_USER + 2; browser++) {
      cookies.push(await ownersDevice(owner));
      clock.advance(1000);
    }
    expect(await devicesOf(owner.id)).toHaveLength(KNOWN_DEVICES_PER_USER);
    await lockOutUnknownBrowsers(owner.email);
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: cookies[0]! })).statusCode).toBe(429);
    expect((await login(owner.email, DEFAULT_TEST_PASSWORD, { cookie: cookies.at(-1)! })).statusCode).toBe(200);
  });

  it('is swept from the database once it has expired', async () => {
    const owner = await insertUser(t.app.db, { email: 'swept@campus.edu' });
    await ownersDevice(owner);
    await pruneExpiredAuthRows(t.app.db, clock.now());
    expect(await devicesOf(owner.id)).toHaveLength(1);
    clock.advance(365 * DAY_MS);
    await pruneExpiredAuthRows(t.app.db, clock.now());
    expect(await devicesOf(owner.id)).toEqual([]);
  });

  it('is set when a student registers', async () => {
    const response = await registerAccount(t, 'fresh-device@campus.edu');
    expect(response.statusCode).toBe(201);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'fresh-device@campus.edu'));
    await lockOutUnknownBrowsers(user!.email);
    expect((await login(user!.email, STRONG_PASSWORD, { cookie: deviceCookieOf(response) })).statusCode).toBe(200);
  });
});

describe('new passwords forget known devices', () => {
  it('forgets every known device of the account on a password reset', async () => {
    const owner = await insertUser(t.app.db, { email: 'reset-devices@campus.edu' });
    const device = await ownersDevice(owner);
    expect(await devicesOf(owner.id)).toHaveLength(1);
    await post(t, 'forgot-password', { email: owner.email });
    const code = codeIn(await lastMailTo(t, owner.email));
    const reset = await post(t, 'reset-password', { email: owner.email, code, password: STRONG_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(await devicesOf(owner.id)).toEqual([]);
    await lockOutUnknownBrowsers(owner.email);
    expect((await login(owner.email, STRONG_PASSWORD, { cookie: device })).statusCode).toBe(429);
  });

  it("forgets the account's other known devices on a password change, keeping the caller's", async () => {
    const owner = await insertUser(t.app.db, { email: 'change-devices@campus.edu' });
    const laptop = await ownersDevice(owner);
    const phoneLogin = await login(owner.email, DEFAULT_TEST_PASSWORD, { remoteAddress: '10.75.0.1' });
    const phone = deviceCookieOf(phoneLogin);
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/changePassword/${owner.id}`,
      headers: { cookie: `${sessionCookieOf(phoneLogin)}; ${phone}` },
      payload: { oldPassword: DEFAULT_TEST_PASSWORD, password: STRONG_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect(await devicesOf(owner.id)).toHaveLength(1);
    await lockOutUnknownBrowsers(owner.email);
    expect((await login(owner.email, STRONG_PASSWORD, { cookie: laptop })).statusCode).toBe(429);
    expect((await login(owner.email, STRONG_PASSWORD, { cookie: phone })).statusCode).toBe(200);
  });
});
