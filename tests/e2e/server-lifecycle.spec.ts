import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { mailOutbox, users } from '#server/db/schema/index.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { ensureServerBuild } from '../../scripts/ensure-build.mjs';
import { SERVER_EXEC_ARGV } from '../support/server-process.ts';
import { openSse } from '../support/sse-client.ts';
import { startSmtpServer } from '../support/smtp-server.ts';
import { seedAccounts } from './support/accounts.ts';
import { type RunningServer, freePort, makeDataDir, startServer } from './support/server.ts';

const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

/** The compiled server, as `npm start` runs it, to its exit. */
function runMain(env: Record<string, string>) {
  ensureServerBuild();
  return spawnSync(process.execPath, SERVER_EXEC_ARGV, {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('the server process', () => {
  it('refuses to start on a bad PORT with one clear line', () => {
    const result = runMain({ PORT: 'abc', DATA_DIR: makeDataDir() });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a port number (got "abc")');
  });

  it('refuses a second process on the same DATA_DIR instead of corrupting it', async () => {
    const server = await startServer();
    running.push(server);
    const second = runMain({ PORT: '0', DATA_DIR: server.dataDir });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`DATA_DIR ${server.dataDir} is in use by another Campus Market process`);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('exits cleanly within seconds on SIGTERM, closing the database so nothing is lost', async () => {
    const dataDir = makeDataDir();
    await seedAccounts(dataDir, [{ email: 'kept@campus.edu' }]);
    const server = await startServer({ dataDir, env: {} });
    const started = Date.now();
    const exitCode = await server.terminate();
    expect(exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fs.existsSync(path.join(dataDir, 'campus-market.lock'))).toBe(false);

    const reopened = await openDatabase({ pgliteDir: dataDir });
    try {
      const rows = await reopened.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'kept@campus.edu' }]);
    } finally {
      await reopened.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on SIGTERM ends live streams, lets a mail being sent finish, then exits', async () => {
    // The mail server takes a moment to accept, so the mail is in flight when the signal comes.
    let inFlight: () => void = () => {};
    const sending = new Promise<void>((resolve) => (inFlight = resolve));
    const smtp = await startSmtpServer({
      beforeAccept: async () => {
        inFlight();
        await new Promise((resolve) => setTimeout(resolve, 1500));
      },
    });
    const dataDir = makeDataDir();
    const [student] = await seedAccounts(dataDir, [{ email: 'listener@campus.edu' }]);
    const server = await startServer({ dataDir, env: { SMTP_URL: smtp.url } });
    try {
      const stream = await openSse(`${server.url}/api/v1/events`, {
        cookie: `${sessionCookieName({ secureCookies: false })}=${student!.sessionToken}`,
      });
      expect(stream.status).toBe(200);
      const asked = await fetch(`${server.url}/api/v1/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'listener@campus.edu' }),
      });
      expect(asked.status).toBe(200);
      await sending;

      const started = Date.now();
      expect(await server.terminate()).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      await stream.end(1000);
      expect(smtp.received.map((mail) => mail.subject)).toEqual(['Your Campus Market password reset code']);

      const reopened = await openDatabase({ pgliteDir: dataDir });
      try {
        const rows = await reopened.db.select({ status: mailOutbox.status }).from(mailOutbox);
        expect(rows).toEqual([{ status: 'sent' }]);
      } finally {
        await reopened.close();
      }
    } finally {
      await server.stop();
      await smtp.close();
    }
  });

  it('stops gracefully when `npm start` itself receives SIGTERM, leaving no server behind', async () => {
    const dataDir = makeDataDir();
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 60_000, interval: 250 },
        )
        .toBe(200);
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      npm.kill('SIGTERM');
      await exited;
      await expect.poll(() => fs.existsSync(path.join(dataDir, 'campus-market.lock')), { timeout: 10_000 }).toBe(false);
      expect(
        await fetch(`http://127.0.0.1:${port}/healthz`).then(
          () => 'answered',
          () => 'closed',
        ),
      ).toBe('closed');
    } finally {
      npm.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
