/**
 * The server side of `npm run bench` (scripts/bench.ts forks it): the real app on the seeded
 * catalogue, plus routes that answer each benchmarked call's body precomputed, so the bench can
 * compare against the bare HTTP stack. Those routes exist only in this process.
 *
 * It also measures itself between a 'measure-start' and a 'measure-stop' message: the CPU time
 * this process spent (user + system) and the bytes V8 allocated on its heap in between, which the
 * bench divides by the requests answered.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { GCProfiler } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { buildApp, uploadsDirOf } from '#server/app.ts';
import { createSession } from '#server/auth/sessions.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { systemClock } from '#server/clock.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { conversations, products, users } from '#server/db/schema/index.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { createLocalStorage } from '#server/storage/storage.ts';
import { insertUserRow } from '#server/users/users.repository.ts';
import { PRODUCTS_PAGE_SIZE_DEFAULT } from '#domain/constants.ts';

/** A read: the same GET again and again. */
export interface BenchReadTarget {
  kind: 'read';
  name: string;
  path: string;
  precomputedPath: string;
  /** The session of the call, when it must be someone's in particular (a conversation's participant). */
  cookie?: string;
}

/** The wishlist heart pressed twice: add then remove, each time on the next listing of the pool. */
export interface BenchWishlistTarget {
  kind: 'wishlist-toggle';
  name: string;
  productIds: string[];
  precomputedPath: string;
}

/** A new buy request each call: every (buyer, listing) pair once, each buyer under the hourly limit. */
export interface BenchBuyRequestTarget {
  kind: 'buy-request';
  name: string;
  productIds: string[];
  buyerCookies: string[];
  requestsPerBuyer: number;
  precomputedPath: string;
}

export type BenchTarget = BenchReadTarget | BenchWishlistTarget | BenchBuyRequestTarget;

export interface BenchServerReady {
  type: 'ready';
  url: string;
  cookie: string;
  databaseKind: string;
  productCount: number;
  targets: BenchTarget[];
}

export interface BenchMeasurement {
  type: 'measurement';
  cpuMicros: number;
  allocatedBytes: number;
}

/** Fresh buyers each run, so the buy-request rate limit of an earlier run never gets in the way. */
const BENCH_BUYERS = 2000;
/** Under SEND_BUY_REQUEST_PER_BUYER (30 an hour), with room for the warm-up's requests. */
const REQUESTS_PER_BUYER = 25;
/** The buyer of the Show Buy Requests read sends this many requests first. */
const REQUESTED_BY_READER = 20;

/**
 * Accepts every mail and keeps none, as a mail server does for the app: the tests' memory mailer
 * keeps them all, and a buy-request run's thousands of mails (2.6 KB each) stayed on the heap, which
 * every garbage collection walked.
 */
const acceptingMailer: Mailer = { isDevOutbox: false, send: async () => {} };

async function openBenchApp(config: Config, database: DatabaseHandle) {
  const uploadsDir = uploadsDirOf(config);
  return buildApp({
    config,
    database,
    mailer: acceptingMailer,
    storage: createLocalStorage(uploadsDir, config.publicUrl),
    uploadsDir,
    webDir: path.join(config.dataDir, 'no-web-build'),
  });
}

async function createBuyers(database: DatabaseHandle, cookieName: string): Promise<{ ids: string[]; cookies: string[] }> {
  const run = Date.now().toString(36);
  const ids: string[] = [];
  const cookies: string[] = [];
  for (let index = 0; index < BENCH_BUYERS; index++) {
    const buyer = await insertUserRow(database.db, {
      userName: `Bench Buyer ${index}`,
      email: `bench-${run}-${index}@campus.example`,
      passwordHash: 'not-a-password-hash',
    });
    ids.push(buyer.id);
    cookies.push(`${cookieName}=${await createSession(database.db, systemClock, buyer.id, 'bench')}`);
  }
  return { ids, cookies };
}

/**
 * Each buyer browses once (bench.ts asks right before the buy-request runs), as a student does
 * before asking: their session is then in the app's session cache (60 s), as a browsing student's
 * is. Sent round-robin without it, 2,000 fresh sessions were each looked up on their first request.
 */
async function browseAsBuyers(app: FastifyInstance, cookies: string[]) {
  for (const cookie of cookies) {
    const browsed = await app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });
    if (browsed.statusCode !== 200) throw new Error(`a bench buyer's session: ${browsed.statusCode} ${browsed.body}`);
  }
}

/** Listings a buyer may ask for: on sale, visible, not theirs. */
async function availableListings(database: DatabaseHandle, notOf: string[], count: number): Promise<string[]> {
  const rows = await database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.soldOut, false), eq(products.hidden, false), notInArray(products.sellerId, notOf)))
    .orderBy(products.id)
    .limit(count);
  return rows.map((row) => row.id);
}

/**
 * The link to page `wanted + 1` of Newest, as the app itself writes it after page `wanted` (the
 * cursor's key follows the listing's order, which the bench should not have to repeat).
 */
async function deepCursor(app: FastifyInstance, cookie: string, wanted: number): Promise<string> {
  // A small catalogue (a quick check of the bench) goes as deep as it has pages.
  const first = await app.inject({ method: 'GET', url: '/api/v1/products', headers: { cookie } });
  const total = (first.json() as { total: number }).total;
  const page = Math.max(1, Math.min(wanted, Math.floor((total - 1) / PRODUCTS_PAGE_SIZE_DEFAULT)));
  const answer = await app.inject({ method: 'GET', url: `/api/v1/products?page=${page}`, headers: { cookie } });
  const nextCursor = (answer.json() as { nextCursor: string | null }).nextCursor;
  if (!nextCursor) throw new Error(`The catalogue has no page after page ${page}`);
  return nextCursor;
}

/**
 * With BENCH_HEAP_PROFILE_DIR (bench.ts --heap-prof), each measured run's allocations, sampled
 * every 16 KB whether or not they were collected since, as a .heapprofile (Chrome DevTools reads it).
 */
function allocationSampler(dir: string | undefined) {
  let session: Session | undefined;
  let runs = 0;
  return {
    async start() {
      if (!dir) return;
      session = new Session();
      session.connect();
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    },
    async stop() {
      if (!session || !dir) return;
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      session = undefined;
      // Created here, as --cpu-prof-dir creates its own: the directory named on the command line need not exist.
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `run-${++runs}.heapprofile`), JSON.stringify(profile));
    },
  };
}

/** Self-measurement: CPU from process.cpuUsage, allocation as heap growth plus what each GC freed. */
function measurer() {
  let started: { cpu: NodeJS.CpuUsage; heapUsed: number; profiler: GCProfiler } | undefined;
  const sampler = allocationSampler(process.env.BENCH_HEAP_PROFILE_DIR);
  return {
    async start() {
      await sampler.start();
      const profiler = new GCProfiler();
      profiler.start();
      started = { cpu: process.cpuUsage(), heapUsed: process.memoryUsage().heapUsed, profiler };
    },
    async stop(): Promise<BenchMeasurement> {
      if (!started) throw new Error('measure-stop without measure-start');
      const cpu = process.cpuUsage(started.cpu);
      const heapUsed = process.memoryUsage().heapUsed;
      const freed = (started.profiler.stop()?.statistics ?? []).reduce(
        (sum, gc) => sum + Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize),
        0,
      );
      const measurement: BenchMeasurement = {
        type: 'measurement',
        cpuMicros: cpu.user + cpu.system,
        allocatedBytes: heapUsed - started.heapUsed + freed,
      };
      started = undefined;
      await sampler.stop();
      return measurement;
    },
  };
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

  const app = await openBenchApp(config, database);
  const precomputed = new Map<string, string>();
  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/bench/precomputed/:name',
    // The bare stack writes nothing: its POSTs and DELETEs must not wait for the listing cache's
    // barrier (a NOTIFY round trip per call) that real writes of the listings pay.
    config: { listingAnswers: 'unchanged' },
    handler: async (request, reply) => {
      const payload = precomputed.get((request.params as { name: string }).name);
      return reply.type('application/json; charset=utf-8').send(payload);
    },
  });
  await app.ready();

  const cookieName = sessionCookieName(config);
  const [caller] = await database.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, false)).limit(1);
  const cookie = `${cookieName}=${await createSession(database.db, systemClock, caller!.id, 'bench')}`;
  const [product] = await database.db
    .select({ id: products.id, category: products.category, sellerId: products.sellerId })
    .from(products)
    .where(eq(products.hidden, false))
    .limit(1);
  const buyers = await createBuyers(database, cookieName);
  const pool = await availableListings(database, [caller!.id, ...buyers.ids], BENCH_BUYERS * REQUESTS_PER_BUYER);
  // The reader of Show Buy Requests asks for listings no buyer of the write bench will use.
  const reader = { id: buyers.ids.at(-1)!, cookie: buyers.cookies.at(-1)! };
  const writerCookies = buyers.cookies.slice(0, -1);
  let buyRequestAnswer = '';
  for (const productId of pool.slice(-REQUESTED_BY_READER)) {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/interested/mark-interested',
      headers: { cookie: reader.cookie },
      payload: { productId, buyerMessage: 'Is this still available?' },
    });
    if (sent.statusCode !== 200) throw new Error(`seeding buy requests: ${sent.statusCode} ${sent.body}`);
    buyRequestAnswer = sent.body;
  }
  const writePool = pool.slice(0, -REQUESTED_BY_READER);

  const reads: Omit<BenchReadTarget, 'kind' | 'precomputedPath'>[] = [
    { name: 'list', path: '/api/v1/products' },
    { name: 'search', path: '/api/v1/products?q=calculator' },
    { name: 'filter+sort', path: '/api/v1/products?category=Books&category=Electronics&sort=priceLowHigh' },
    // Ratings are the sellers' (issue 23), copied onto each listing on write: this sort reads products_rating_idx like the others.
    { name: 'rating sort', path: '/api/v1/products?sort=rating' },
    // Issue 24: a price range, alone with the default sort, and with a category, a condition and a price sort.
    { name: 'price', path: '/api/v1/products?minPrice=200&maxPrice=2000' },
    {
      name: 'price+filters',
      path: '/api/v1/products?category=Books&condition=Good&condition=Like+New&minPrice=100&maxPrice=1000&sort=priceHighLow',
    },
    { name: 'deep page', path: '/api/v1/products?page=2000' },
    { name: 'deep cursor', path: `/api/v1/products?cursor=${await deepCursor(app, cookie, 1999)}` },
    { name: 'detail', path: `/api/v1/products/${product!.id}` },
    { name: 'home', path: '/api/v1/products?sort=newest&limit=10' },
    {
      name: 'similar',
      path: `/api/v1/products?category=${encodeURIComponent(product!.category)}&excludeId=${product!.id}&limit=10`,
    },
    { name: 'seller', path: `/api/v1/products?sellerId=${product!.sellerId}` },
    { name: 'buy requests', path: '/api/v1/products?requested=true', cookie: reader.cookie },
  ];
  // With seeded messages (npm run seed -- --messages N): the inbox and a conversation of the busiest seller.
  const [busiest] = await database.db
    .select({ sellerId: conversations.sellerId, id: sql<string>`(array_agg(${conversations.id}))[1]` })
    .from(conversations)
    .groupBy(conversations.sellerId)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  if (busiest?.sellerId) {
    const sellerCookie = `${cookieName}=${await createSession(database.db, systemClock, busiest.sellerId, 'bench')}`;
    reads.push(
      { name: 'inbox', path: '/api/v1/conversations', cookie: sellerCookie },
      { name: 'conversation', path: `/api/v1/conversations/${busiest.id}/messages`, cookie: sellerCookie },
    );
  }
  const targets: BenchTarget[] = [];
  for (const read of reads) {
    const response = await app.inject({ method: 'GET', url: read.path, headers: { cookie: read.cookie ?? cookie } });
    if (response.statusCode !== 200) throw new Error(`${read.path} answered ${response.statusCode}: ${response.body}`);
    precomputed.set(read.name, response.body);
    targets.push({ kind: 'read', ...read, precomputedPath: `/bench/precomputed/${encodeURIComponent(read.name)}` });
  }
  // The writes' precomputed answers are their real answers to one call each (the same size on the wire).
  const wishlistProducts = writePool.slice(0, 1000);
  const added = await app.inject({ method: 'POST', url: `/api/v1/wishlist/add/${wishlistProducts[0]}`, headers: { cookie } });
  precomputed.set('wishlist', added.body);
  precomputed.set('buy-request', buyRequestAnswer);
  targets.push(
    { kind: 'wishlist-toggle', name: 'wishlist', productIds: wishlistProducts, precomputedPath: '/bench/precomputed/wishlist' },
    {
      kind: 'buy-request',
      name: 'buy request',
      productIds: writePool,
      buyerCookies: writerCookies,
      requestsPerBuyer: REQUESTS_PER_BUYER,
      precomputedPath: '/bench/precomputed/buy-request',
    },
  );

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
  const measure = measurer();
  // The jobs queued before a run are not its cost, those it queues are (see measured() in bench.ts).
  const jobsDone = () => app.jobs.drain(120_000);
  process.on('message', (message) => {
    if (message === 'measure-start') {
      void jobsDone()
        .then(() => measure.start())
        .then(() => process.send?.('measure-started'));
    } else if (message === 'measure-stop') {
      void jobsDone()
        .then(() => measure.stop())
        .then((measurement) => process.send?.(measurement));
    } else if (message === 'browse-as-buyers') {
      void browseAsBuyers(app, writerCookies).then(() => process.send?.('browsed'));
    } else if (message === 'stop') void app.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
