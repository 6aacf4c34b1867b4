import type { FastifyInstance, FastifyReply } from 'fastify';
import { findBlockedIds } from '../blocks/blocks.repository.ts';
import type { Queryable } from '../db/client.ts';
import { ReadCache } from '../http/read-cache.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { FacetCache } from './facet-cache.ts';
import type { CategoryCounts } from './products.repository.ts';

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /**
     * A table a listing answer reads was written (migration 0009_catalogue_change_notify: a
     * statement trigger on each, so no write path can be forgotten).
     */
    'catalogue.changed': { table: string };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Finished listing answers of this instance, cleared on every catalogue change (listing-cache.ts). */
    listingCache: ListingCache;
  }
}

const BODY_LIMITS = { maxEntries: 20_000, maxBytes: 64 * 1024 * 1024 };
const BLOCKED_LIMITS = { maxEntries: 20_000, maxBytes: 8 * 1024 * 1024 };
/** The category counts of a search: a scan of the matching rows, kept for the next pages of that search. */
const SEARCH_COUNTS_TTL_MS = 30_000;
const SEARCH_COUNTS_MAX_ENTRIES = 500;
const JSON_TYPE = 'application/json; charset=utf-8';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A serialized answer, and who would read it differently from other students (see CardAudience.personal). */
interface CachedAnswer {
  body: string;
  personal: ReadonlySet<string>;
}

type Viewer = Pick<UserRow, 'id' | 'isAdmin'> | null | undefined;

/**
 * Listing answers (lists, searches, detail, My Listings) as the bytes sent, so a read that nothing
 * changed since costs a lookup. Keys hold everything an answer depends on: the route and its
 * parsed parameters, the audience (anonymous, student, admin: contact details and buyers differ),
 * the caller's blocked sellers, and the caller's own id where the answer is theirs alone. Every
 * change to the tables the answers read clears all of it, on every instance (registerListingCache).
 */
export class ListingCache {
  readonly bodies: ReadCache<CachedAnswer>;
  private readonly blocked: ReadCache<readonly string[]>;
  readonly searchCounts: FacetCache<CategoryCounts>;

  constructor(app: Pick<FastifyInstance, 'clock' | 'events'>) {
    const canFill = () => app.events.live;
    this.bodies = new ReadCache<CachedAnswer>(BODY_LIMITS, (answer) => answer.body.length * 2, canFill);
    this.blocked = new ReadCache<readonly string[]>(BLOCKED_LIMITS, (ids) => 64 + ids.length * 80, canFill);
    this.searchCounts = new FacetCache<CategoryCounts>(app.clock, SEARCH_COUNTS_TTL_MS, SEARCH_COUNTS_MAX_ENTRIES);
  }

  clear(): void {
    this.bodies.clear();
    this.blocked.clear();
    this.searchCounts.clear();
  }

  /** Whom the user blocked, sorted (it is part of the key of their lists). */
  async blockedIds(db: Queryable, userId: string): Promise<string[]> {
    const cached = this.blocked.get(userId);
    if (cached) return [...cached];
    const token = this.blocked.fillToken();
    const ids = (await findBlockedIds(db, userId)).sort();
    this.blocked.set(userId, token, ids);
    return ids;
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
    compute: (personal: Set<string>) => Promise<unknown>,
  ): Promise<FastifyReply> {
    const audience = !viewer ? 'public' : viewer.isAdmin ? 'admin' : 'student';
    const shared = JSON.stringify([audience, ...parts]);
    // Admins all read the same (they see every buyer); a student's own view is keyed by their id.
    const studentId = viewer && !viewer.isAdmin ? viewer.id : undefined;
    const own = studentId ? `${shared}\u0000${studentId}` : undefined;
    const cached = this.lookup(shared, own, studentId);
    if (cached) return reply.type(JSON_TYPE).send(cached.body);

    const token = this.bodies.fillToken();
    const personal = new Set<string>();
    const payload = await compute(personal);
    // The route's serializer (zod schema check, then JSON): the bytes an uncached call would send.
    const body = String(reply.serialize(payload));
    const key = studentId && personal.has(studentId) ? own! : shared;
    this.bodies.set(key, token, { body, personal });
    return reply.type(JSON_TYPE).send(body);
  }

  private lookup(shared: string, own: string | undefined, studentId: string | undefined): CachedAnswer | undefined {
    const hit = this.bodies.get(shared);
    if (hit && !(studentId && hit.personal.has(studentId))) return hit;
    return own ? this.bodies.get(own) : undefined;
  }
}

/**
 * Creates the app's listing cache and wires its invalidation:
 *  - the 'catalogue.changed' event, sent by the database's triggers on every write to a table an
 *    answer reads, whoever wrote it, reaches every instance (on PGlite, the one process);
 *  - a lost event connection (events may have been missed) clears it, and nothing is stored until
 *    the connection is back (ReadCache canFill);
 *  - this instance's own successful writes clear it before their answer goes out, so the writer's
 *    next read shows the change even before the event arrives.
 */
export function registerListingCache(app: FastifyInstance): ListingCache {
  const cache = new ListingCache(app);
  app.decorate('listingCache', cache);
  const unsubscribe = app.events.subscribe('catalogue.changed', () => cache.clear());
  const stopResync = app.events.onResync(() => cache.clear());
  app.addHook('onSend', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) cache.clear();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    stopResync();
  });
  return cache;
}
