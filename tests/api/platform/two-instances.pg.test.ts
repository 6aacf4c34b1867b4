import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ConversationPage, MessagePage } from '#domain/conversations/conversation.wire.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_FOLDER } from '#server/db/migrate.ts';
import { DEFAULT_TEST_PASSWORD, insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestS3Server, startS3Server } from '../../support/s3-server.ts';
import { type ServerProcess, startServerProcess } from '../../support/server-process.ts';
import { type SseConnection, openSse } from '../../support/sse-client.ts';
import { databaseUrlFor, withAdminClient } from '../../support/test-database.ts';

/**
 * Issue 14: two real server processes on one empty PostgreSQL database and one bucket behave as
 * one site. Runs in the PostgreSQL pass only (*.pg.test.ts).
 */
const serverUrl = process.env.TEST_DATABASE_URL!;
const databaseName = `cm_two_${randomBytes(4).toString('hex')}`;
const databaseUrl = databaseUrlFor(serverUrl, databaseName);
const dataDirs: string[] = [];
let s3: TestS3Server;
let one: ServerProcess;
let two: ServerProcess;
let db: DatabaseHandle;
let stream: SseConnection | undefined;

/** An instance as `npm start` runs it, with a DATA_DIR of its own: nothing but the database and bucket is shared. */
function startInstance() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-two-'));
  dataDirs.push(dataDir);
  const { settings } = s3;
  return startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    STORAGE: 's3',
    S3_ENDPOINT: settings.endpoint!,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.credentials!.secretAccessKey,
    S3_PUBLIC_URL: settings.publicUrl,
    // One test address for both: the browser's idea of the site (cookies, Origin) is the same.
    NODE_ENV: 'test',
  });
}

beforeAll(async () => {
  expect(inject('postgresTemplateDb')).toBeDefined();
  await withAdminClient(serverUrl, (client) => client.query(`create database ${databaseName}`));
  s3 = await startS3Server();
  // Both start at the same moment against the empty database: both try to migrate it.
  [one, two] = await Promise.all([startInstance(), startInstance()]);
  db = await openDatabase({ databaseUrl });
}, 120_000);

afterAll(async () => {
  stream?.close();
  await Promise.all([one?.stop(), two?.stop()]);
  await db?.close();
  await s3?.close();
  await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${databaseName} with (force)`));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function call(
  instance: ServerProcess,
  method: string,
  url: string,
  options: { cookie?: string; json?: unknown; form?: FormData } = {},
) {
  return fetch(`${instance.url}${url}`, {
    method,
    headers: {
      origin: instance.url,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.json ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.json ? { body: JSON.stringify(options.json) } : options.form ? { body: options.form } : {}),
  });
}

async function logIn(instance: ServerProcess, email: string): Promise<string> {
  const response = await call(instance, 'POST', '/api/v1/auth/login', { json: { email, password: DEFAULT_TEST_PASSWORD } });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = response.headers.getSetCookie().find((each) => each.startsWith('cm_session='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

describe('two instances on one database and one bucket', () => {
  it('applied the migrations once although both started migrating at the same moment', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const { rows } = await db.runSql('select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash');
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.every((row) => row.times === 1)).toBe(true);
    for (const instance of [one, two]) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  });

  it('accepts a session made on one instance on the other', async () => {
    const user = await insertUser(db.db);
    const cookie = await logIn(one, user.email);
    const response = await call(two, 'GET', '/api/v1/auth/check-auth', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, user: { email: user.email } });
  });

  it('counts rate limits across both instances', async () => {
    const email = `limits-${randomBytes(3).toString('hex')}@campus.edu`;
    expect((await call(one, 'POST', '/api/v1/auth/send-code', { json: { email } })).status).toBe(200);
    // A new code at most once a minute per address, whichever instance is asked.
    const again = await call(two, 'POST', '/api/v1/auth/send-code', { json: { email } });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('serves a photo uploaded through one instance through the other', async () => {
    const seller = await insertUser(db.db);
    const cookie = await logIn(one, seller.email);
    const created = await call(one, 'POST', '/api/v1/products/createProduct', {
      cookie,
      form: listingForm(bicycleFields, [await jpegPhoto({ hue: 40 })]),
    });
    expect(created.status).toBe(201);
    const { product } = (await created.json()) as { product: Product };
    const read = await call(two, 'GET', `/api/v1/products/${product._id}`);
    expect(read.status).toBe(200);
    const shown = ((await read.json()) as { product: Product }).product.images[0]!;
    expect(shown.url).toBe(product.images[0]!.url);
    const photo = await fetch(shown.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
  });

  it('carries a live event from one instance to a stream held by the other', async () => {
    const seller = await insertUser(db.db);
    const buyer = await insertUser(db.db);
    const productId = await insertListing(db.db, { sellerId: seller.id, title: 'Reading lamp' });
    stream = await openSse(`${two.url}/api/v1/events`, { cookie: await logIn(two, seller.email) });
    const response = await call(one, 'POST', '/api/v1/interested/mark-interested', {
      cookie: await logIn(one, buyer.email),
      json: { productId, buyerMessage: 'Still there?' },
    });
    expect(response.status).toBe(200);
    const event = await stream.next((each) => each.event === 'notification', 5000);
    expect(JSON.stringify(event.data)).toContain('Reading lamp');
  });

  it('refuses a prohibited word an admin adds on one instance on the other, which had just read the list', async () => {
    const seller = await insertUser(db.db);
    const buyer = await insertUser(db.db);
    const admin = await insertUser(db.db, { isAdmin: true });
    const productId = await insertListing(db.db, { sellerId: seller.id, title: 'Study table' });
    const buyerCookie = await logIn(two, buyer.email);
    const ask = (buyerMessage: string) =>
      call(two, 'POST', '/api/v1/interested/mark-interested', { cookie: buyerCookie, json: { productId, buyerMessage } });
    expect((await ask('Will you take quibbix?')).status).toBe(200);
    const added = await call(one, 'POST', '/api/v1/admin/prohibited-words', {
      cookie: await logIn(one, admin.email),
      json: { word: 'quibbix' },
    });
    expect(added.status).toBe(201);
    // The change's event reaches the other instance within moments of the commit, not at the list's 60 s backstop.
    await expect.poll(async () => (await ask('Quibbix, then?')).status, { timeout: 3000, interval: 100 }).toBe(400);
  });

  it('shows a message sent through one instance in the inbox and message page the other had just served', async () => {
    const seller = await insertUser(db.db);
    const buyer = await insertUser(db.db);
    const productId = await insertListing(db.db, { sellerId: seller.id, title: 'Kettle' });
    const buyerCookie = await logIn(one, buyer.email);
    const started = await call(one, 'POST', '/api/v1/conversations', { cookie: buyerCookie, json: { productId, body: 'Hi' } });
    expect(started.status).toBe(201);
    const { conversation } = (await started.json()) as { conversation: { _id: string } };
    const sellerCookie = await logIn(two, seller.email);
    const inbox = async () =>
      ((await (await call(two, 'GET', '/api/v1/conversations', { cookie: sellerCookie })).json()) as ConversationPage)
        .conversations[0]?.lastMessage.body;
    const newest = async () =>
      (
        (await (
          await call(two, 'GET', `/api/v1/conversations/${conversation._id}/messages`, { cookie: sellerCookie })
        ).json()) as MessagePage
      ).messages[0]?.body;
    expect(await inbox()).toBe('Hi');
    expect(await newest()).toBe('Hi');
    const sent = await call(one, 'POST', `/api/v1/conversations/${conversation._id}/messages`, {
      cookie: buyerCookie,
      json: { body: 'Is the kettle still there?' },
    });
    expect(sent.status).toBe(201);
    // The change's event reaches the other instance within moments of the commit.
    await expect.poll(inbox, { timeout: 3000, interval: 50 }).toBe('Is the kettle still there?');
    await expect.poll(newest, { timeout: 3000, interval: 50 }).toBe('Is the kettle still there?');
  });

  it('runs a recurring job once per tick, not once per instance', async () => {
    // Every minute instead of every quarter hour, so a tick comes during the test.
    await db.runSql(`update pgboss.schedule set cron = '* * * * *' where name = 'auth.housekeeping'`);
    const runs = async () =>
      (
        await db.runSql(
          `select to_char(date_trunc('minute', created_on), 'HH24:MI') as minute, count(*)::int as jobs,
                    count(*) filter (where state = 'completed')::int as completed
               from pgboss.job where name = 'auth.housekeeping' group by 1 order by 1`,
        )
      ).rows as { minute: string; jobs: number; completed: number }[];
    await expect
      .poll(async () => (await runs()).some((tick) => tick.completed > 0), { timeout: 110_000, interval: 2000 })
      .toBe(true);
    const ticks = await runs();
    expect(ticks.length).toBeGreaterThan(0);
    for (const tick of ticks) expect(tick, `the tick of ${tick.minute}`).toMatchObject({ jobs: 1 });
  }, 130_000);
});
