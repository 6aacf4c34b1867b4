/**
 * The varied workload of `npm run bench:mix` and `npm run bench:rush`: many signed-in students
 * asking for different things, as a campus does, rather than one request repeated (which the
 * listing cache answers from memory).
 *
 * Reads: list pages 1–200 under every sort, searches over a vocabulary drawn from the catalogue's
 * own titles (under a random sort, first pages), category and price filters, product details over
 * thousands of listings, and Home's recent listings. Writes (a share of the requests, `writeShare`):
 * wishlist add then remove, buy requests (each buyer and listing once), and messages to sellers.
 *
 * Everything the workload needs (sessions, ids, words) is prepared from the database before the
 * server starts, so it works on the embedded database too (one process at a time).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import { CATEGORIES, PRODUCT_SORTS } from '#domain/catalog.ts';
import { HOME_RECENT_PRODUCTS } from '#domain/constants.ts';
import { createSession } from '#server/auth/sessions.ts';
import { systemClock } from '#server/clock.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { products, rateLimits, users } from '#server/db/schema/index.ts';

export interface WorkloadData {
  /** `name=token` of each student's session. */
  cookies: string[];
  /** The students' ids, in the order of `cookies`. */
  studentIds: string[];
  /** Listings whose detail pages are read. */
  detailIds: string[];
  /** Listings on sale, none of them a student's own: targets of buy requests, wishlists and messages. */
  writeIds: string[];
  /** Words of the catalogue's titles, searched for. */
  words: string[];
  productCount: number;
}

export interface WorkloadSizes {
  students: number;
  details: number;
  words: number;
  writeTargets: number;
}

export const DEFAULT_SIZES: WorkloadSizes = { students: 200, details: 2000, words: 300, writeTargets: 20_000 };

/** Signs the students in (fresh sessions) and picks the ids and words the requests will use. */
export async function prepareWorkload(
  database: DatabaseHandle,
  cookieName: string,
  sizes = DEFAULT_SIZES,
): Promise<WorkloadData> {
  const db = database.db;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (Number(count) < 1000) throw new Error('The catalogue is (nearly) empty: run `npm run seed -- --products 100000` first.');
  const students = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, false))
    .orderBy(sql`md5(${users.id}::text)`)
    .limit(sizes.students);
  const cookies: string[] = [];
  for (const student of students) cookies.push(`${cookieName}=${await createSession(db, systemClock, student.id, 'bench')}`);
  const studentIds = students.map((student) => student.id);
  // Their hourly limits start afresh: a bench run an hour after the last must not send cheap 429s
  // for buy requests where a campus of as many students would store them.
  if (studentIds.length > 0) {
    await db.delete(rateLimits).where(
      sql`right(${rateLimits.key}, 36) in (${sql.join(
        studentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  const visible = eq(products.hidden, false);
  const detailIds = await db
    .select({ id: products.id })
    .from(products)
    .where(visible)
    .orderBy(sql`md5(${products.id}::text)`)
    .limit(sizes.details);
  const writeIds = await db
    .select({ id: products.id })
    .from(products)
    .where(and(visible, eq(products.soldOut, false), notInArray(products.sellerId, studentIds)))
    .orderBy(sql`md5(${products.id}::text || 'w')`)
    .limit(sizes.writeTargets);
  if (writeIds.length === 0) throw new Error('No listing on sale by a seller outside the bench students: seed more students.');
  const words = await db.execute<{ word: string }>(sql`
    select word from (
      select distinct lower(regexp_replace(part, '[^[:alnum:]]', '', 'g')) as word
      from (select regexp_split_to_table(title, '\s+') as part from products where not hidden limit 50000) parts
    ) words
    where char_length(word) >= 3
    order by md5(word)
    limit ${sizes.words}`);
  return {
    cookies,
    studentIds,
    detailIds: detailIds.map((row) => row.id),
    writeIds: writeIds.map((row) => row.id),
    words: (words as unknown as { rows: { word: string }[] }).rows.map((row) => row.word),
    productCount: Number(count),
  };
}

/** A small, seedable generator (mulberry32), so a run's sequence of requests can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What kind of request a path is, for the bare server (it answers each kind's bytes) and the report. */
export type RequestKind = 'list' | 'search' | 'filter' | 'detail' | 'home' | 'wishlist' | 'buy-request' | 'message';
export const READ_KINDS: RequestKind[] = ['list', 'search', 'filter', 'detail', 'home'];
export const WRITE_KINDS: RequestKind[] = ['wishlist', 'buy-request', 'message'];

/** The bare server tells kinds apart by a query parameter the app ignores. */
export const KIND_PARAM = 'benchKind';

export interface PlannedRequest {
  kind: RequestKind;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  cookie: string;
  body?: string;
}

/** Price bands a student filters by: low, middle, high, and open-ended. */
const PRICE_BANDS: [number | undefined, number | undefined][] = [
  [undefined, 500],
  [100, 1000],
  [500, 2000],
  [1000, 5000],
  [2000, undefined],
  [5000, 20_000],
];

/** A range a student types: either end left open one time in five, up to 5,000 rupees wide. */
function typedPriceRange(random: () => number): [number | undefined, number | undefined] {
  const min = random() < 0.2 ? undefined : Math.floor(random() * 3000);
  const max = random() < 0.2 ? undefined : (min ?? 0) + 50 + Math.floor(random() * 5000);
  return [min, max];
}

export interface WorkloadOptions {
  /** Share of requests that write, 0 to 1. */
  writeShare: number;
  /** Filter by price too (the API's minPrice / maxPrice). */
  priceFilter: boolean;
  /**
   * `bands`: the seven PRICE_BANDS, as a shop's presets would offer (their answers cache well);
   * `any`: bounds typed by hand, each range new (every filter's counts and pages are computed).
   */
  priceRanges: 'bands' | 'any';
  seed: number;
}

/**
 * The request planner: each call returns the next request. Read mix: list 35 %, search 25 %,
 * filter 15 %, detail 20 %, home 5 %. Writes split evenly between wishlist, buy request, message.
 * Buy requests use each (student, listing) pair once and spread over the students, under their
 * hourly limit.
 */
export function createPlanner(data: WorkloadData, options: WorkloadOptions) {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const student = () => Math.floor(random() * data.cookies.length);
  const run = randomBytes(3).toString('hex');
  // Each bench invocation starts at its own place among the (buyer, listing) pairs, so it does not
  // repeat the last one's buy requests (refused: already sent).
  let nextPair = randomBytes(4).readUInt32BE() % (data.cookies.length * Math.max(1, data.writeIds.length));

  const read = (): PlannedRequest => {
    const cookie = data.cookies[student()]!;
    const roll = random();
    if (roll < 0.35) {
      const page = 1 + Math.floor(random() * 200);
      return { kind: 'list', method: 'GET', cookie, path: `/api/v1/products?sort=${pick(PRODUCT_SORTS)}&page=${page}` };
    }
    if (roll < 0.6) {
      const page = 1 + Math.floor(random() * 3);
      const sort = random() < 0.5 ? '' : `&sort=${pick(PRODUCT_SORTS)}`;
      return {
        kind: 'search',
        method: 'GET',
        cookie,
        path: `/api/v1/products?q=${encodeURIComponent(pick(data.words))}${sort}&page=${page}`,
      };
    }
    if (roll < 0.75) {
      const categories = random() < 0.7 ? [pick(CATEGORIES)] : [pick(CATEGORIES), pick(CATEGORIES)];
      const params = new URLSearchParams();
      for (const category of new Set(categories)) params.append('category', category);
      if (options.priceFilter && random() < 0.6) {
        const [min, max] = options.priceRanges === 'bands' ? pick(PRICE_BANDS) : typedPriceRange(random);
        if (min !== undefined) params.set('minPrice', String(min));
        if (max !== undefined) params.set('maxPrice', String(max));
      }
      if (random() < 0.6) params.set('sort', pick(PRODUCT_SORTS));
      params.set('page', String(1 + Math.floor(random() * 5)));
      return { kind: 'filter', method: 'GET', cookie, path: `/api/v1/products?${params.toString()}` };
    }
    if (roll < 0.95) return { kind: 'detail', method: 'GET', cookie, path: `/api/v1/products/${pick(data.detailIds)}` };
    return { kind: 'home', method: 'GET', cookie, path: `/api/v1/products?sort=newest&limit=${HOME_RECENT_PRODUCTS}` };
  };

  const write = (pendingRemoval: { cookie: string; productId: string } | undefined): PlannedRequest => {
    if (pendingRemoval) {
      return {
        kind: 'wishlist',
        method: 'DELETE',
        cookie: pendingRemoval.cookie,
        path: `/api/v1/wishlist/delete/${pendingRemoval.productId}`,
      };
    }
    const roll = random();
    const who = student();
    const cookie = data.cookies[who]!;
    if (roll < 1 / 3) return { kind: 'wishlist', method: 'POST', cookie, path: `/api/v1/wishlist/add/${pick(data.writeIds)}` };
    if (roll < 2 / 3) {
      // Consecutive requests go to different listings (as a campus's do: all 200 students asking
      // for one listing in a row queued them on its row lock); each round of the listings moves
      // the buyers on by one, so no (buyer, listing) pair comes twice.
      const pair = nextPair++;
      const listings = data.writeIds.length;
      const buyer = (pair + Math.floor(pair / listings)) % data.cookies.length;
      const productId = data.writeIds[pair % listings]!;
      return {
        kind: 'buy-request',
        method: 'POST',
        cookie: data.cookies[buyer]!,
        path: '/api/v1/interested/mark-interested',
        body: JSON.stringify({ productId, buyerMessage: `Is this still available? I can pick it up today. (${run})` }),
      };
    }
    return {
      kind: 'message',
      method: 'POST',
      cookie,
      path: '/api/v1/conversations',
      body: JSON.stringify({ productId: pick(data.writeIds), body: `Hi! Is the price negotiable? (${run})` }),
    };
  };

  return { read, write, random };
}

interface ConnectionState {
  /** A wishlist add this connection made, removed by its next write. */
  pendingRemoval?: { cookie: string; productId: string };
  /** The request on the wire (one at a time per connection): its kind and when it was planned. */
  inFlight?: { kind: RequestKind; startedAt: number };
}

/** Told each answer's kind and time from planning to answer, in ms (the client's view, queueing included). */
export type AnswerTimer = (kind: RequestKind, ms: number) => void;

/**
 * An autocannon request list that plans every request afresh. `bare` sends each request to the bare
 * server instead, keeping the method and size and naming the kind, so it answers the same bytes.
 */
export function autocannonRequests(
  planner: ReturnType<typeof createPlanner>,
  writeShare: number,
  bare: boolean,
  timeAnswer?: AnswerTimer,
): Request[] {
  return [
    {
      setupRequest: (request, context) => {
        const state = context as ConnectionState;
        const planned = planner.random() < writeShare ? planner.write(state.pendingRemoval) : planner.read();
        state.inFlight = { kind: planned.kind, startedAt: performance.now() };
        if (planned.kind === 'wishlist') {
          state.pendingRemoval =
            planned.method === 'POST' ? { cookie: planned.cookie, productId: planned.path.split('/').pop()! } : undefined;
        }
        const separator = planned.path.includes('?') ? '&' : '?';
        return {
          ...request,
          method: planned.method,
          path: bare ? `${planned.path}${separator}${KIND_PARAM}=${planned.kind}` : planned.path,
          headers: {
            ...request.headers,
            cookie: planned.cookie,
            ...(planned.body ? { 'content-type': 'application/json' } : {}),
          },
          body: planned.body,
        };
      },
      onResponse: (_status, _body, context) => {
        const { inFlight } = context as ConnectionState;
        if (inFlight && timeAnswer) timeAnswer(inFlight.kind, performance.now() - inFlight.startedAt);
      },
    },
  ];
}
