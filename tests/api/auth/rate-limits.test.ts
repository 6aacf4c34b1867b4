import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { FORGOT_PASSWORD_PER_IP, SEND_CODE_PER_IP, VERIFY_CODE_PER_EMAIL } from '#server/auth/auth-rate-limits.ts';
import { fakeClock } from '#server/clock.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import { countHit, enforceRateLimits, pruneRateLimits } from '#server/http/rate-limit.ts';
import { type TestApp, body, createTestApp } from '../../support/test-app.ts';
import { STRONG_PASSWORD, post, postRegister } from './auth-helpers.ts';

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

function expectRateLimited(response: { statusCode: number; headers: Record<string, unknown> }, retryAfter: number) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(retryAfter));
}

describe('the database rate limiter', () => {
  const rule = { name: 'test-rule', limit: 3, windowMs: 60_000 };

  it('counts concurrent hits atomically: each caller sees its own count', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => countHit(t.app.db, clock, { rule, subject: 'burst' })));
    expect(results.map((result) => result.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
  });

  it('starts a new window once the old one is over', async () => {
    for (let hit = 0; hit < 3; hit++) await enforceRateLimits(t.app.db, clock, [{ rule, subject: 'window' }]);
    await expect(enforceRateLimits(t.app.db, clock, [{ rule, subject: 'window' }])).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '60' },
    });
    clock.advance(60_000);
    await expect(enforceRateLimits(t.app.db, clock, [{ rule, subject: 'window' }])).resolves.toBeUndefined();
  });

  it('counts a hit on each of several rules in one call, and answers the longest wait of those refused', async () => {
    const burst = { name: 'test-burst', limit: 2, windowMs: 60_000 };
    const daily = { name: 'test-daily', limit: 5, windowMs: 24 * 3600_000 };
    const both = (subject: string) => [
      { rule: burst, subject },
      { rule: daily, subject },
    ];
    for (let hit = 0; hit < 2; hit++) await enforceRateLimits(t.app.db, clock, both('pair'));
    await expect(enforceRateLimits(t.app.db, clock, both('pair'))).rejects.toMatchObject({ headers: { 'retry-after': '60' } });
    // Each limit saw every attempt, the refused one too.
    const counts = await t.app.db.select({ key: rateLimits.key, hits: rateLimits.hits }).from(rateLimits);
    expect(counts.filter(({ key }) => key.endsWith(':pair')).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'test-burst:pair', hits: 3 },
      { key: 'test-daily:pair', hits: 3 },
    ]);
    clock.advance(60_000);
    for (let hit = 0; hit < 2; hit++) await enforceRateLimits(t.app.db, clock, both('pair'));
    // The burst window started afresh; the day's sixth attempt is over its limit, with the day's wait.
    await expect(enforceRateLimits(t.app.db, clock, both('pair'))).rejects.toMatchObject({
      headers: { 'retry-after': String(24 * 3600 - 60) },
    });
  });

  it('counts several rules for concurrent callers without losing a hit', async () => {
    const rules = [
      { name: 'test-a', limit: 100, windowMs: 60_000 },
      { name: 'test-b', limit: 100, windowMs: 60_000 },
    ];
    await Promise.all(
      Array.from({ length: 8 }, () =>
        enforceRateLimits(
          t.app.db,
          clock,
          rules.map((rule) => ({ rule, subject: 'crowd' })),
        ),
      ),
    );
    const counts = await t.app.db.select({ key: rateLimits.key, hits: rateLimits.hits }).from(rateLimits);
    expect(counts.filter(({ key }) => key.endsWith(':crowd')).map(({ hits }) => hits)).toEqual([8, 8]);
  });

  it('prunes counters whose window is over', async () => {
    await countHit(t.app.db, clock, { rule, subject: 'old' });
    clock.advance(61_000);
    await pruneRateLimits(t.app.db, clock);
    const keys = (await t.app.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain('test-rule:old');
  });
});

describe('rate limits of the auth calls', () => {
  it('limits verify-code per e-mail, whatever the IP, with 429, Retry-After and a msg', async () => {
    const email = 'brute@campus.edu';
    for (let attempt = 1; attempt <= VERIFY_CODE_PER_EMAIL.limit; attempt++) {
      const response = await post(t, 'verify-code', { email, code: '123456' }, { remoteAddress: `10.1.0.${attempt}` });
      expect(response.statusCode).toBe(400);
    }
    const refused = await post(t, 'verify-code', { email, code: '123456' }, { remoteAddress: '10.1.1.1' });
    expectRateLimited(refused, 15 * 60);
    expect(body(refused)).toEqual({ success: false, msg: authMessages.tooManyRequestsRetry(900), code: 'RATE_LIMITED' });
    expect(body(refused).msg).toBe('Too many attempts. Please try again in 15 minutes.');

    const otherAddress = await post(
      t,
      'verify-code',
      { email: 'innocent@campus.edu', code: '123456' },
      { remoteAddress: '10.1.1.1' },
    );
    expect(otherAddress.statusCode).toBe(400);
  });

  it('limits send-code per IP', async () => {
    const ip = '10.2.0.1';
    for (let attempt = 1; attempt <= SEND_CODE_PER_IP.limit; attempt++) {
      const response = await post(t, 'send-code', { email: `script-${attempt}@campus.edu` }, { remoteAddress: ip });
      expect(response.statusCode).toBe(200);
    }
    const refused = await post(t, 'send-code', { email: 'script-last@campus.edu' }, { remoteAddress: ip });
    expectRateLimited(refused, 15 * 60);
    expect(body(refused)).toMatchObject({ success: false });
    const elsewhere = await post(t, 'send-code', { email: 'script-last@campus.edu' }, { remoteAddress: '10.2.0.2' });
    expect(elsewhere.statusCode).toBe(200);
    // 200 sends, each storing a code and queuing its mail in one transaction: on the embedded
    // database under a busy machine that can pass 30 s.
  }, 120_000);

  it('counts a whole IPv6 /64 as one caller', async () => {
    for (let attempt = 1; attempt <= FORGOT_PASSWORD_PER_IP.limit; attempt++) {
      const response = await post(
        t,
        'forgot-password',
        { email: `v6-${attempt}@campus.edu` },
        { remoteAddress: `2001:db8:1:2::${attempt.toString(16)}` },
      );
      expect(response.statusCode).toBe(200);
    }
    const refused = await post(t, 'forgot-password', { email: 'v6-last@campus.edu' }, { remoteAddress: '2001:db8:1:2:ffff::1' });
    expectRateLimited(refused, 15 * 60);
  });

  it('limits login per e-mail', async () => {
    const email = 'hammered@campus.edu';
    let last = await post(t, 'login', { email, password: 'guess-1!' }, { remoteAddress: '10.3.0.1' });
    for (let attempt = 2; last.statusCode !== 429 && attempt <= 40; attempt++) {
      last = await post(t, 'login', { email, password: `guess-${attempt}!` }, { remoteAddress: `10.3.0.${attempt}` });
    }
    expect(last.statusCode).toBe(429);
    expect(body(last)).toMatchObject({ success: false });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits register per e-mail', async () => {
    let last = await postRegister(t, { email: 'spam-signup@campus.edu', password: STRONG_PASSWORD });
    for (let attempt = 0; last.statusCode !== 429 && attempt < 20; attempt++) {
      last = await postRegister(
        t,
        { email: 'spam-signup@campus.edu', password: STRONG_PASSWORD },
        undefined,
        `10.4.0.${attempt}`,
      );
    }
    expectRateLimited(last, 60 * 60);
  });
});
