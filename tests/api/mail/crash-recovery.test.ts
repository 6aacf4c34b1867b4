import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/index.ts';
import { bossDatabase } from '#server/jobs/boss-database.ts';
import { JOB_SCHEMA } from '#server/jobs/job-queue.ts';
import { type ServerProcess, startServerProcess } from '../../support/server-process.ts';
import { startSmtpServer } from '../../support/smtp-server.ts';
import { TEST_DB, type TestDatabase, openTestDatabase } from '../../support/test-database.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Where the server processes keep their data: a data directory, and a PostgreSQL database when testing on it. */
async function storage(): Promise<{ env: Record<string, string>; postgres?: TestDatabase }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-crash-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (TEST_DB === 'pglite') return { env: { DATA_DIR: dataDir } };
  const postgres = await openTestDatabase();
  cleanups.push(() => postgres.dispose());
  return { env: { DATA_DIR: dataDir, DATABASE_URL: postgres.url! }, postgres };
}

/**
 * On PostgreSQL other instances may be running jobs, so a run is only presumed dead once its
 * timeout (a minute for mail) has passed and maintenance notices: here the minute passes at once.
 */
async function letTheTimeoutPass(postgres: TestDatabase) {
  await postgres.handle.db.execute(
    sql`update ${sql.raw(JOB_SCHEMA)}.job set started_on = started_on - interval '10 minutes' where state = 'active'`,
  );
  const boss = new PgBoss({ db: bossDatabase(postgres.handle), schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.maintain();
  await boss.stop({ graceful: false, close: false, wait: true });
}

describe('a server killed in the middle of sending a mail', () => {
  it('delivers the mail exactly once after it restarts', async () => {
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    let attempts = 0;
    // The first attempt reaches the mail server, which has not answered yet when the server dies.
    const smtp = await startSmtpServer({
      beforeAccept: async () => {
        attempts++;
        if (attempts === 1) {
          arrived();
          await new Promise<never>(() => {});
        }
      },
    });
    cleanups.push(() => smtp.close());
    const { env, postgres } = await storage();
    const serverEnv = { ...env, SMTP_URL: smtp.url, MAIL_FROM: 'Campus Market <no-reply@campus.edu>' };

    const first: ServerProcess = await startServerProcess(serverEnv);
    cleanups.push(async () => void (await first.stop('SIGKILL')));
    const response = await fetch(`${first.url}/api/v1/auth/send-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@campus.edu' }),
    });
    expect(response.status).toBe(200);
    await inFlight;
    expect(await first.stop('SIGKILL')).toBeNull();

    if (postgres) await letTheTimeoutPass(postgres);
    const second = await startServerProcess(serverEnv);
    cleanups.push(async () => void (await second.stop()));
    await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 200 }).toBe(1);
    expect(await second.stop()).toBe(0);

    expect(attempts).toBe(2);
    const [mail] = smtp.received;
    expect(mail!.subject).toBe('Your Campus Market verification code');
    // The delivery was recorded under the same Message-ID the mail carried.
    const database = postgres?.handle ?? (await openDatabase({ pgliteDir: env.DATA_DIR }));
    try {
      const rows = await database.db.select().from(mailOutbox);
      expect(rows.map((row) => [row.status, row.messageId])).toEqual([['sent', mail!.messageId]]);
    } finally {
      if (!postgres) await database.close();
    }
    // Two server starts and the mail job's first retry delay (5–10 s): longer than most tests.
  }, 120_000);
});
