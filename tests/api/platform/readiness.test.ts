import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '#server/mail/mailer.ts';
import { post } from '../auth/auth-helpers.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const readyz = async (app: TestApp) => {
  const response = await app.app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: response.json() as { status: string; reason?: string } };
};

describe('/readyz', { timeout: 60_000 }, () => {
  it('fails while a migration of this code is not applied to the database', async () => {
    t = await createTestApp();
    // As if this instance started against a database another (older) instance had migrated.
    await t.app.dbHandle.runSql(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    expect(await readyz(t)).toEqual({
      status: 503,
      body: expect.objectContaining({ status: 'unavailable', reason: 'migrations-pending' }),
    });
  });

  it('is ready on a migrated database', async () => {
    t = await createTestApp();
    expect(await readyz(t)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ready' }) });
  });

  it('fails while a job worker is stuck, and recovers when it comes round again', async () => {
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    t = await createTestApp({
      jobs: { stuckAfterMs: 1500 },
      mailer: {
        isDevOutbox: false,
        // A mail server that never answers, until released: the worker sending to it hangs.
        send: (_mail: MailMessage) => hung,
      },
    });
    const app = t;
    await expect.poll(async () => (await readyz(app)).status, { timeout: 10_000 }).toBe(200);
    expect((await post(app, 'send-code', { email: `stuck-${randomUUID().slice(0, 8)}@example.edu` })).statusCode).toBe(200);
    await expect
      .poll(async () => (await readyz(app)).body, { timeout: 10_000 })
      .toEqual(expect.objectContaining({ status: 'unavailable', reason: 'jobs-stuck' }));
    release();
    await expect.poll(async () => (await readyz(app)).status, { timeout: 10_000 }).toBe(200);
  });
});
