/**
 * The server side of `npm run bench` (scripts/bench.ts forks it): the real app on the seeded
 * catalogue, plus routes that answer each benchmarked call's body precomputed, so the bench can
 * compare against the bare HTTP stack. Those routes exist only in this process.
 */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp, uploadsDirOf } from '#server/app.ts';
import { createSession } from '#server/auth/sessions.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { systemClock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { conversations, products, users } from '#server/db/schema/index.ts';
import { createMemoryMailer } from '#server/mail/mailer.ts';
import { createLocalStorage } from '#server/storage/storage.ts';

export interface BenchTarget {
  name: string;
  path: string;
  precomputedPath: string;
  /** The session of the call, when it must be someone's in particular (a conversation's participant). */
  cookie?: string;
}

export interface BenchServerReady {
  type: 'ready';
  url: string;
  cookie: string;
  databaseKind: string;
  productCount: number;
  targets: BenchTarget[];
}

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DEMO_DATA: 'false' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : config.dataDir,
  });
  await migrateDatabase(database, config.databaseUrl);
  const [{ count } = { count: 0 }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (Number(count) === 0) throw new Error('The catalogue is empty: run `npm run seed -- --products 100000` first.');

  const uploadsDir = uploadsDirOf(config);
  const app = await buildApp({
    config,
    database,
    mailer: createMemoryMailer(),
    storage: createLocalStorage(uploadsDir, config.publicUrl),
    uploadsDir,
    webDir: path.join(config.dataDir, 'no-web-build'),
  });

  const precomputed = new Map<string, string>();
  app.get('/bench/precomputed/:name', async (request, reply) => {
    const payload = precomputed.get((request.params as { name: string }).name);
    return reply.type('application/json; charset=utf-8').send(payload);
  });
  await app.ready();

  const [caller] = await database.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, false)).limit(1);
  const token = await createSession(database.db, systemClock, caller!.id, 'bench');
  const cookie = `${sessionCookieName(config)}=${token}`;
  const [product] = await database.db.select({ id: products.id }).from(products).limit(1);

  const calls: { name: string; path: string; cookie?: string }[] = [
    { name: 'list', path: '/api/v1/products' },
    { name: 'search', path: '/api/v1/products?q=calculator' },
    { name: 'filter+sort', path: '/api/v1/products?category=Books&category=Electronics&sort=priceLowHigh' },
    { name: 'detail', path: `/api/v1/products/${product!.id}` },
    { name: 'home', path: '/api/v1/products?sort=newest&limit=10' },
  ];
  // With seeded messages (npm run seed -- --messages N): the inbox and a conversation of the busiest seller.
  const [busiest] = await database.db
    .select({ sellerId: conversations.sellerId, id: sql<string>`(array_agg(${conversations.id}))[1]` })
    .from(conversations)
    .groupBy(conversations.sellerId)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  if (busiest?.sellerId) {
    const sellerToken = await createSession(database.db, systemClock, busiest.sellerId, 'bench');
    const sellerCookie = `${sessionCookieName(config)}=${sellerToken}`;
    calls.push(
      { name: 'inbox', path: '/api/v1/conversations', cookie: sellerCookie },
      { name: 'conversation', path: `/api/v1/conversations/${busiest.id}/messages`, cookie: sellerCookie },
    );
  }
  const targets: BenchTarget[] = [];
  for (const call of calls) {
    const response = await app.inject({ method: 'GET', url: call.path, headers: { cookie: call.cookie ?? cookie } });
    if (response.statusCode !== 200) throw new Error(`${call.path} answered ${response.statusCode}: ${response.body}`);
    precomputed.set(call.name, response.body);
    targets.push({ ...call, precomputedPath: `/bench/precomputed/${encodeURIComponent(call.name)}` });
  }

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const ready: BenchServerReady = {
    type: 'ready',
    url: address,
    cookie,
    databaseKind: database.kind,
    productCount: Number(count),
    targets,
  };
  process.send?.(ready);
  process.on('message', (message) => {
    if (message === 'stop') void app.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
