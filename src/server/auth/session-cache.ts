import type { Clock } from '../clock.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { UserRow } from '../users/user.mapper.ts';

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /**
     * Sent by the database's triggers (migration 0010) when a session of this user ended or the
     * user row changed (password, hold, admin flag, profile, deletion): cached lookups are stale.
     */
    'session.revoked': { userId: string };
  }
}

/** What a successful session lookup found, as far as it decides later calls. */
export interface SessionLookup {
  tokenHash: string;
  user: UserRow;
  lastUsedAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

interface Entry {
  lookup: SessionLookup;
  storedAt: number;
}

export interface SessionCacheSettings {
  maxEntries: number;
  /** A safety net only: invalidation is by the event bus. */
  ttlMs: number;
}

export const DEFAULT_SESSION_CACHE_SETTINGS: SessionCacheSettings = { maxEntries: 50_000, ttlMs: 60_000 };

/**
 * Per-instance cache of session lookups (token hash → user row and expiry), so a signed-in call
 * needs no query. Correct across instances because every change that could end or alter a
 * session reaches each instance through the event bus ('session.revoked'), and because it is
 * bypassed and emptied whenever that bus may have missed an event.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** Bumped by every invalidation: a lookup that started before one must not be stored after it. */
  private generation = 0;
  /** Calls answered from the cache, and calls that asked the database (for /metrics). */
  readonly lookups = { cache: 0, database: 0 };

  constructor(
    private readonly events: Pick<EventBus, 'live' | 'subscribe' | 'onResync'>,
    private readonly clock: Clock,
    private readonly settings: SessionCacheSettings = DEFAULT_SESSION_CACHE_SETTINGS,
  ) {
    events.subscribe('session.revoked', ({ userId }) => this.dropUser(userId));
    events.onResync(() => this.flush());
  }

  /** To pass back to store(): marks when the database lookup began. */
  get ticket(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached lookup while it is still valid and needs no write (a due renewal goes to the database). */
  get(tokenHash: string, slideAfterMs: number): SessionLookup | undefined {
    const lookup = this.fresh(tokenHash, slideAfterMs);
    this.lookups[lookup ? 'cache' : 'database']++;
    return lookup;
  }

  /** Stores a lookup made from the database, unless something was invalidated since `ticket`. */
  store(lookup: SessionLookup, ticket: number): void {
    if (ticket !== this.generation || !this.usable()) return;
    this.remove(lookup.tokenHash);
    this.entries.set(lookup.tokenHash, { lookup, storedAt: this.clock.now().getTime() });
    let tokens = this.byUser.get(lookup.user.id);
    if (!tokens) {
      tokens = new Set();
      this.byUser.set(lookup.user.id, tokens);
    }
    tokens.add(lookup.tokenHash);
    while (this.entries.size > this.settings.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
  }

  dropUser(userId: string): void {
    this.generation++;
    for (const tokenHash of this.byUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.byUser.delete(userId);
  }

  dropToken(tokenHash: string): void {
    this.generation++;
    this.remove(tokenHash);
  }

  flush(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private fresh(tokenHash: string, slideAfterMs: number): SessionLookup | undefined {
    if (!this.usable()) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.clock.now().getTime();
    const { lookup } = entry;
    const fresh =
      now - entry.storedAt < this.settings.ttlMs &&
      now - lookup.lastUsedAt.getTime() <= slideAfterMs &&
      lookup.expiresAt.getTime() > now &&
      lookup.absoluteExpiresAt.getTime() > now;
    if (!fresh) {
      this.remove(tokenHash);
      return undefined;
    }
    // Least recently used goes first: a hit moves the entry to the end of the map's order.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return lookup;
  }

  /** Without a live bus a revocation could go unheard: then every call asks the database. */
  private usable(): boolean {
    if (this.events.live) return true;
    if (this.entries.size > 0) this.flush();
    return false;
  }

  private remove(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const tokens = this.byUser.get(entry.lookup.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(entry.lookup.user.id);
  }
}
