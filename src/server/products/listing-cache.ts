import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { currentUser } from '../auth/authenticate.ts';
import { findBlockedIds } from '../blocks/blocks.repository.ts';
import type { Queryable } from '../db/client.ts';
import type { StreamPosition } from '../events/event-bus.ts';
import { type FillToken, ReadCache } from '../http/read-cache.ts';
import { batchedForSiblings, onSiblingMessage, siblingGroup } from '../process/sibling-workers.ts';
import type { UserRow } from '../users/user.mapper.ts';
import type { CatalogueOrder } from './catalogue-order.ts';
import { FacetCache } from './facet-cache.ts';
import type { PriceCounters } from './price-counters.ts';
import type { CategoryCounts } from './products.repository.ts';
import { type SearchMatches, TOO_MANY_MATCHES } from './search-matches.ts';

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /**
     * A table a listing answer reads was written (migrations 0009_catalogue_change_notify and
     * 0013_catalogue_change_ids: statement triggers on each, so no write path can be forgotten),
     * with what the write touched when the trigger can tell: without one, everything may have changed.
     */
    'catalogue.changed': CatalogueChange;
  }
}

/** What one statement changed (see the migrations above); a field left out is unknown, not empty. */
export interface CatalogueChange {
  table: string;
  /** Listings whose row or photos changed. */
  products?: string[];
  /** Students whose buy requests changed ('Show Buy Requests'). */
  buyers?: string[];
  /** Students who blocked or unblocked someone. */
  blockers?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'unchanged': this write changes nothing a listing answer reads (a wishlist entry, a message),
     * so it waits for no invalidation. Left out, the answer waits until this instance's cache has
     * dropped what the write changed (registerListingCache).
     */
    listingAnswers?: 'unchanged';
  }
  interface FastifyRequest {
    /**
     * Set by a write whose every change was one EventBus.transactionCaughtUp(): whether its events
     * have arrived here. The listing cache's hook then sends no barrier of its own.
     */
    eventsCaughtUp: boolean | undefined;
    /** What this call's answer is looked up by before validation (ListingCache.answerBeforeValidation). */
    listingAnswerAlias: string | undefined;
    /** Whom the caller blocked, read once a call (ListingCache.blockedIdsOf). */
    blockedSellerIds: string[] | undefined;
  }
  interface FastifyInstance {
    /** Finished listing answers of this instance, cleared on every catalogue change (listing-cache.ts). */
    listingCache: ListingCache;
  }
}

/** Answers at most, whatever their size (the bytes are config.listingCacheMb). */
const BODY_MAX_ENTRIES = 100_000;
const BLOCKED_LIMITS = { maxEntries: 20_000, maxBytes: 8 * 1024 * 1024 };
/** Raw requests known to name an answer's key (answerBeforeValidation): a few MB at most. */
const ALIAS_LIMITS = { maxEntries: 20_000, maxBytes: 16 * 1024 * 1024 };
/** Category counts: the catalogue's counters, and a search's (a scan of the matching rows) for the next pages of that search. */
const SEARCH_COUNTS_TTL_MS = 30_000;
const SEARCH_COUNTS_MAX_ENTRIES = 500;
/** A search's matches (search-matches.ts): up to 200,000 rows in all, about 30 MB a worker. */
const SEARCH_MATCHES_TTL_MS = 60_000;
const SEARCH_MATCHES_LIMITS = { maxEntries: 2000, maxRows: 200_000 };
/** The catalogue's first listings in each sort (catalogue-order.ts): one entry per sort. */
const CATALOGUE_ORDERS_TTL_MS = 60_000;
const CATALOGUE_ORDERS_MAX_ENTRIES = 5;
const JSON_TYPE = 'application/json; charset=utf-8';
/** What a worker tells its siblings when it computed an answer (sibling-workers.ts). */
const SHARED_ANSWER_TOPIC = 'listing-answers';
/**
 * How long a worker gathers the answers it computed before handing them over in one message: a
 * message per answer cost a tenth of a worker's time in wake-ups. Each answer keeps the position it
 * was read at, so the wait only makes a receiver refuse a few more after a change, never take a stale one.
 */
const SHARED_ANSWERS_WINDOW_MS = 20;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Tags an answer is stored under (ReadCache): a change to one drops it. */
const LISTS_TAG = 'list';
const productTag = (id: string) => `p:${id}`;
const requestsTag = (buyerId: string) => `r:${buyerId}`;

/**
 * What an answer is read from, besides the listings it shows: `list` for a page of a filter (a
 * change to any listing may add, remove or move one), `requestedBy` for a student's 'Show Buy
 * Requests' (their buy requests decide which listings are on it).
 */
export interface AnswerScope {
  list?: boolean;
  requestedBy?: string | undefined;
}

/**
 * A serialized answer, and who would read it differently from other students (see
 * CardAudience.personal). The bytes live outside the JavaScript heap, ready to write.
 */
interface CachedAnswer {
  body: Buffer;
  personal: ReadonlySet<string>;
}

type Viewer = Pick<UserRow, 'id' | 'isAdmin'> | null | undefined;

/** Where an answer is kept: under a key its whole audience shares, or under one student's own. */
interface AnswerKey {
  shared: string;
  own: string | undefined;
  studentId: string | undefined;
}

/**
 * The key of an answer: its parts and the audience (anonymous, student, admin: contact details
 * and buyers differ). Admins all read the same (they see every buyer); a student's own view is
 * keyed by their id.
 */
function answerKey(viewer: Viewer, parts: unknown[]): AnswerKey {
  return keyOfShared(viewer, JSON.stringify([audienceOf(viewer), ...parts]));
}

const audienceOf = (viewer: Viewer) => (!viewer ? 'public' : viewer.isAdmin ? 'admin' : 'student');

function keyOfShared(viewer: Viewer, shared: string): AnswerKey {
  const studentId = viewer && !viewer.isAdmin ? viewer.id : undefined;
  return { shared, own: studentId ? `${shared}\u0000${studentId}` : undefined, studentId };
}

/**
 * An answer one worker computed, for the other workers of its machine (registerListingCache): its
 * key and bytes as stored, and the worker's stream position when it began reading (see acceptShared).
 */
export interface SharedAnswer {
  at: StreamPosition;
  key: string;
  alias: string | undefined;
  body: Uint8Array;
  personal: string[];
  tags: string[];
}

/** An answer being computed: the cache's generation when it began, and the student who asked. */
interface Computing {
  token: FillToken;
  studentId: string | undefined;
  answer: Promise<CachedAnswer | undefined>;
}

/**
 * Listing answers (lists, searches, detail, My Listings) as the bytes sent, so a read that nothing
 * changed since costs a lookup. Keys hold everything an answer depends on: the route and its
 * parsed parameters, the audience (anonymous, student, admin: contact details and buyers differ),
 * the caller's blocked sellers, and the caller's own id where the answer is theirs alone. A change
 * drops only the answers that read what it touched, on every instance (applyChange).
 */
export class ListingCache {
  readonly bodies: ReadCache<CachedAnswer>;
  private readonly blocked: ReadCache<readonly string[]>;
  /** A raw request's alias → the shared key of its answer (a pure function: never stale, only bounded). */
  private readonly aliases: ReadCache<string>;
  readonly searchCounts: FacetCache<CategoryCounts>;
  readonly searchMatches: FacetCache<SearchMatches | typeof TOO_MANY_MATCHES>;
  /** The price counters, whole (price-counters.ts): one entry, kept as long as the category counters. */
  readonly priceCounters: FacetCache<PriceCounters>;
  /** The catalogue's first listings in each sort, by sort (catalogue-order.ts). */
  readonly catalogueOrders: FacetCache<CatalogueOrder>;
  /** Answers sent by this instance, by where they came from (the listing_answers_total metric). */
  readonly answers = { cache: 0, computed: 0 };
  /** Answers handed to the other workers, and theirs stored or refused here (listing_answers_shared_total). */
  readonly shared = { sent: 0, stored: 0, refused: 0 };
  /** Where answers computed here go to the machine's other workers (registerListingCache), if it has any. */
  share: ((answer: SharedAnswer) => void) | undefined;
  /** Answers being computed, by shared key: a second asker of the same answer waits for it (see joinable). */
  private readonly computing = new Map<string, Computing>();

  private readonly events: Pick<FastifyInstance['events'], 'position'>;

  constructor(app: Pick<FastifyInstance, 'clock' | 'events' | 'config'>) {
    this.events = app.events;
    const canFill = () => app.events.live;
    const bodyLimits = { maxEntries: BODY_MAX_ENTRIES, maxBytes: app.config.listingCacheMb * 1024 * 1024 };
    this.bodies = new ReadCache<CachedAnswer>(bodyLimits, (answer) => answer.body.byteLength, canFill);
    this.blocked = new ReadCache<readonly string[]>(BLOCKED_LIMITS, (ids) => 64 + ids.length * 80, canFill);
    this.aliases = new ReadCache<string>(ALIAS_LIMITS, (shared) => 64 + shared.length * 2);
    this.searchCounts = new FacetCache<CategoryCounts>(app.clock, SEARCH_COUNTS_TTL_MS, SEARCH_COUNTS_MAX_ENTRIES, canFill);
    this.searchMatches = new FacetCache(app.clock, SEARCH_MATCHES_TTL_MS, SEARCH_MATCHES_LIMITS.maxEntries, canFill, {
      weigh: (matches) => (matches === TOO_MANY_MATCHES ? 1 : Math.max(1, matches.size)),
      maxWeight: SEARCH_MATCHES_LIMITS.maxRows,
    });
    this.priceCounters = new FacetCache<PriceCounters>(app.clock, SEARCH_COUNTS_TTL_MS, 1, canFill);
    this.catalogueOrders = new FacetCache<CatalogueOrder>(
      app.clock,
      CATALOGUE_ORDERS_TTL_MS,
      CATALOGUE_ORDERS_MAX_ENTRIES,
      canFill,
    );
  }

  clear(): void {
    this.bodies.clear();
    this.blocked.clear();
    this.clearReadsOfListings();
  }

  /** What any listing's change may make stale besides the answers: counts, matches, counters, orders. */
  private clearReadsOfListings(): void {
    this.searchCounts.clear();
    this.searchMatches.clear();
    this.priceCounters.clear();
    this.catalogueOrders.clear();
  }

  /**
   * Drops what a change makes stale: a listing's row or photos → the answers showing it and every
   * page of a filter (it may join, leave or move on any); a student's buy requests → their
   * 'Show Buy Requests' pages; a block → the blocker's blocked list (part of their answers' keys).
   * A change that names nothing (a seller's name, a bulk write) drops everything.
   */
  applyChange(change: CatalogueChange): void {
    const { products, buyers, blockers } = change;
    if (!products && !buyers && !blockers) return this.clear();
    if (products) {
      this.bodies.dropTagged([LISTS_TAG, ...products.map(productTag)]);
      this.clearReadsOfListings();
    }
    if (buyers) this.bodies.dropTagged(buyers.map(requestsTag));
    if (blockers) this.blocked.dropTagged(blockers);
  }

  /** Whom the user blocked, sorted (it is part of the key of their lists). */
  async blockedIds(db: Queryable, userId: string): Promise<string[]> {
    const cached = this.blocked.get(userId);
    if (cached) return [...cached];
    const token = this.blocked.fillToken();
    const ids = (await findBlockedIds(db, userId)).sort();
    this.blocked.set(userId, token, ids, [userId]);
    return ids;
  }

  /**
   * Whom the signed-in caller blocked, read once a call: an answer's key and the answer itself
   * must be made from the same list, or a block made in between would store one under the other.
   */
  async blockedIdsOf(db: Queryable, request: FastifyRequest): Promise<string[]> {
    request.blockedSellerIds ??= await this.blockedIds(db, currentUser(request).id);
    return request.blockedSellerIds;
  }

  /**
   * A route's preValidation hook: answers from the cache before the query is validated, so a
   * repeated read costs two lookups, neither validation nor its handler. `aliasOf` names the call
   * as it arrived (its raw URL, and whatever else decides its key): the first time, the handler
   * finds the answer's key from the validated query and send() remembers it for that alias (one
   * raw URL always parses into the same query, so the alias never goes stale). Equivalent URLs
   * (`?q=lamp`, `?q=lamp&sort=newest`) keep sharing one answer. Only for routes whose handler
   * checks nothing beyond the route's auth: a hit skips the handler.
   */
  answerBeforeValidation(aliasOf: (request: FastifyRequest) => unknown[] | Promise<unknown[]>): preValidationAsyncHookHandler {
    return async (request, reply) => {
      const viewer = request.user;
      const alias = JSON.stringify([audienceOf(viewer), ...(await aliasOf(request))]);
      request.listingAnswerAlias = alias;
      const shared = this.aliases.get(alias);
      const cached = shared === undefined ? undefined : this.lookup(keyOfShared(viewer, shared));
      if (!cached) return;
      this.answers.cache++;
      return reply.type(JSON_TYPE).send(cached.body);
    };
  }

  /**
   * Sends the cached answer for `parts` as this viewer may read it, or computes, serializes (with
   * the route's own serializer), stores and sends it. `compute` adds to `personal` whoever would
   * read the answer differently; an answer personal to the viewer is stored under their id.
   */
  async send(
    reply: FastifyReply,
    viewer: Viewer,
    parts: unknown[],
    scope: AnswerScope,
    compute: (personal: Set<string>) => Promise<unknown>,
  ): Promise<FastifyReply> {
    const key = answerKey(viewer, parts);
    const { shared, own, studentId } = key;
    // The call's alias now names this key (answerBeforeValidation).
    const alias = reply.request.listingAnswerAlias;
    if (alias !== undefined) this.aliases.set(alias, this.aliases.fillToken(), shared);
    // Looked up before any await: a second asker arriving now must find this one's computation.
    const running = this.computing.get(shared);
    const cached = this.lookup(key) ?? (running && (await this.joinable(running, studentId)));
    if (cached) {
      this.answers.cache++;
      return reply.type(JSON_TYPE).send(cached.body);
    }
    this.answers.computed++;
    const token = this.bodies.fillToken();
    const at = this.share && this.events.position();
    const answer = (async () => {
      const personal = new Set<string>();
      const payload = await compute(personal);
      // The route's serializer (zod schema check, then JSON): the bytes an uncached call would send.
      const body = ownBytes(String(reply.serialize(payload)));
      const storedUnder = studentId && personal.has(studentId) ? own! : shared;
      const tags = tagsOf(scope, payload);
      const stored = this.bodies.set(storedUnder, token, { body, personal }, tags);
      // A student's own view stays with the worker that made it; an answer to share needs a position.
      if (stored && storedUnder === shared && at && this.share) {
        this.shared.sent++;
        this.share({ at, key: shared, alias, body, personal: [...personal], tags });
      }
      return { body, personal };
    })();
    const entry: Computing = { token, studentId, answer: answer.catch(() => undefined) };
    this.computing.set(shared, entry);
    try {
      return reply.type(JSON_TYPE).send((await answer).body);
    } finally {
      if (this.computing.get(shared) === entry) this.computing.delete(shared);
    }
  }

  /**
   * The answer another request is computing for the same key, when this viewer may read it: on a
   * fresh start (or after a change) fifty students asking for Home at once cost one computation.
   * Joined only if nothing was dropped since it began (a writer's next read must see its write),
   * and used only if it is nobody's own view, neither its asker's nor this viewer's. A failed
   * computation is not shared: each asker then computes its own answer (errors can be personal).
   */
  private async joinable(running: Computing, studentId: string | undefined): Promise<CachedAnswer | undefined> {
    if (running.token !== this.bodies.fillToken()) return undefined;
    const answer = await running.answer;
    if (!answer) return undefined;
    const personalTo = (id: string | undefined) => id !== undefined && answer.personal.has(id);
    return personalTo(running.studentId) || personalTo(studentId) ? undefined : answer;
  }

  /**
   * Stores an answer another worker of this machine computed, if it cannot be stale here. Its rows
   * were read after that worker had been delivered the events up to `at` (and those changes are in
   * them): if this worker has been delivered no more than that under the same mark, every change
   * it has heard of is in the answer, and each change it hears of later drops it as it would drop
   * its own. Past that position (a change the answer may lack was already applied here), under
   * another mark, or with no position (events may have been missed), it is refused.
   */
  acceptShared(answer: SharedAnswer): boolean {
    const here = this.events.position();
    const fresh = here !== undefined && here.mark === answer.at.mark && here.count <= answer.at.count;
    if (!fresh || !this.bodies.set(answer.key, this.bodies.fillToken(), cachedAnswerOf(answer), answer.tags)) {
      this.shared.refused++;
      return false;
    }
    if (answer.alias !== undefined) this.aliases.set(answer.alias, this.aliases.fillToken(), answer.key);
    this.shared.stored++;
    return true;
  }

  private lookup({ shared, own, studentId }: AnswerKey): CachedAnswer | undefined {
    const hit = this.bodies.get(shared);
    if (hit && !(studentId && hit.personal.has(studentId))) return hit;
    return own ? this.bodies.get(own) : undefined;
  }
}

/** A handed-over answer as this worker keeps it: its bytes (received as a copy of their own) as a Buffer. */
function cachedAnswerOf(answer: SharedAnswer): CachedAnswer {
  const body = Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
  return { body, personal: new Set(answer.personal) };
}

/**
 * The answer's bytes in memory of their own: Buffer.from() slices small strings out of a shared
 * 8 KB pool, and a kept slice would keep its whole slab alive, unaccounted for.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * The tags of an answer: its scope, and every listing it shows (`product` or `products[]`, as the
 * wire has them). A page of a filter needs only its scope's tag: any listing's change drops every
 * page (applyChange), so tagging its 24 listings as well would only cost time and memory.
 */
function tagsOf(scope: AnswerScope, payload: unknown): string[] {
  const tags: string[] = [];
  if (scope.requestedBy) tags.push(requestsTag(scope.requestedBy));
  if (scope.list) {
    tags.push(LISTS_TAG);
    return tags;
  }
  const answer = payload as { product?: { _id: string }; products?: { _id: string }[] };
  if (answer.product) tags.push(productTag(answer.product._id));
  for (const product of answer.products ?? []) tags.push(productTag(product._id));
  return tags;
}

/**
 * Creates the app's listing cache and wires its invalidation:
 *  - the 'catalogue.changed' event, sent by the database's triggers on every write to a table an
 *    answer reads, whoever wrote it, reaches every instance (on PGlite, the one process) and drops
 *    what the write touched (applyChange);
 *  - a lost event connection (events may have been missed) clears it, and nothing is stored until
 *    the connection is back (ReadCache canFill);
 *  - in a cluster worker, answers computed here are handed to the machine's other workers, and
 *    theirs stored here when they cannot be stale (shareWithSiblingWorkers, acceptShared);
 *  - this instance's own successful writes hold their answer until the events committed before it
 *    have arrived here (EventBus.caughtUp), so the writer's next read shows the change; if they do
 *    not arrive in time, everything is dropped. Writes marked `listingAnswers: 'unchanged'` skip it;
 *    a write that waited for its own transaction's events (request.eventsCaughtUp) sends no barrier.
 */
export function registerListingCache(app: FastifyInstance): ListingCache {
  const cache = new ListingCache(app);
  app.decorate('listingCache', cache);
  const unsubscribe = app.events.subscribe('catalogue.changed', (change) => cache.applyChange(change));
  const stopResync = app.events.onResync(() => cache.clear());
  app.decorateRequest('eventsCaughtUp', undefined);
  app.decorateRequest('listingAnswerAlias', undefined);
  app.decorateRequest('blockedSellerIds', undefined);
  const sharing = shareWithSiblingWorkers(app, cache);
  app.addHook('onSend', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    if (request.routeOptions.config.listingAnswers === 'unchanged') return;
    const caughtUp = request.eventsCaughtUp ?? (await app.events.caughtUp(app.db));
    if (caughtUp) return;
    cache.clear();
    // The write's events have not arrived here yet: an answer another worker read before the write
    // must not be taken either, so this worker's position starts again after the write.
    sharing.remark();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    stopResync();
    sharing.stop();
  });
  return cache;
}

/**
 * In a worker of `npm start`'s cluster, answers computed here go to the machine's other workers and
 * theirs come here (acceptShared decides whether one can be stored): each worker kept a cache of its
 * own, so a fresh start computed every answer once per worker, on the cores the database needs too.
 * The workers mark the event stream when each starts and after a lost connection, so that their
 * positions compare (EventBus.markPositions).
 */
function shareWithSiblingWorkers(app: FastifyInstance, cache: ListingCache): { remark(): void; stop(): void } {
  const group = siblingGroup();
  if (!group) return { remark: () => {}, stop: () => {} };
  const remark = () =>
    void app.events
      .markPositions(app.db, group)
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not mark the event stream'));
  const handOver = batchedForSiblings<SharedAnswer>(SHARED_ANSWER_TOPIC, SHARED_ANSWERS_WINDOW_MS);
  cache.share = (answer) => handOver.tell(answer);
  const stopListening = onSiblingMessage(SHARED_ANSWER_TOPIC, (answers) => {
    for (const answer of answers as SharedAnswer[]) cache.acceptShared(answer);
  });
  const stopRemarking = app.events.onResync(remark);
  remark();
  return {
    remark,
    stop: () => {
      cache.share = undefined;
      handOver.flush();
      stopListening();
      stopRemarking();
    },
  };
}
