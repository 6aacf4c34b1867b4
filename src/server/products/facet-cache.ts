import type { Clock } from '../clock.ts';

/**
 * A small in-process cache with a time to live and a size bound (oldest entry out first). The
 * listing uses it for category counts: those of a search, which cost a scan of the matching rows
 * (the next pages of the same search then cost only their page), and the catalogue's counters
 * (a query on every uncached page otherwise). Each clear() starts a new generation: a value read
 * before a clear is not stored after it (see fillToken).
 */
export class FacetCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number; weight: number }>();
  private generation = 0;
  private weight = 0;
  /** Values being read, by key: a second asker waits for the same read (see fill). */
  private readonly reading = new Map<string, { token: number; value: Promise<T> }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    /** False while changes may go unannounced (the event bus reconnecting): nothing is stored or served then. */
    private readonly canFill: () => boolean = () => true,
    /** A second bound, for values of very different sizes: their weights' sum stays under maxWeight. */
    private readonly weighing: { weigh: (value: T) => number; maxWeight: number } | undefined = undefined,
  ) {}

  /** Whether values are stored now (false while changes may go unannounced): a costly read then serves one caller only. */
  get storing(): boolean {
    return this.canFill();
  }

  get(key: string): T | undefined {
    if (!this.canFill()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.remove(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The key's value: cached, or read once for every caller asking while it is read (a fresh start
   * asks for one search's pages in several sorts at once), and then stored. A read begun before a
   * clear() is not shared with callers arriving after it, nor stored.
   */
  async fill(key: string, read: () => Promise<T>): Promise<T> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.reading.get(key);
    if (pending && pending.token === this.generation) return pending.value;
    const entry = { token: this.generation, value: read() };
    this.reading.set(key, entry);
    try {
      const value = await entry.value;
      this.set(key, value, entry.token);
      return value;
    } finally {
      if (this.reading.get(key) === entry) this.reading.delete(key);
    }
  }

  /** Take before reading the value to store: set() refuses it if the cache was cleared since. */
  fillToken(): number {
    return this.generation;
  }

  /** Stores the value unless the cache was cleared since `token` (a read racing a change); true when stored. */
  set(key: string, value: T, token = this.generation): boolean {
    if (token !== this.generation || !this.canFill()) return false;
    const weight = this.weighing?.weigh(value) ?? 0;
    if (this.weighing && weight > this.weighing.maxWeight) return false;
    this.remove(key);
    this.entries.set(key, { value, expiresAt: this.clock.now().getTime() + this.ttlMs, weight });
    this.weight += weight;
    const maxWeight = this.weighing?.maxWeight ?? Infinity;
    while (this.entries.size > this.maxEntries || this.weight > maxWeight) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    return true;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }

  /** Every listing change, on any instance, clears it (ListingCache.applyChange), so no count outlives a change. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.weight = 0;
  }
}
