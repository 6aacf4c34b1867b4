/** Where a ReadCache's entries are bounded: so many entries, so many bytes in all. */
export interface ReadCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** The generation a reader saw before it read: pass it to set(), which stores only if nothing changed since. */
export type FillToken = number;

/**
 * An in-process cache of finished answers, least recently used out first, bounded by entries and
 * by bytes. It does not know when its data changes: its owner calls clear() on every change
 * (products/listing-cache.ts). clear() also starts a new generation, so an answer computed from
 * rows read before a change (a fill racing the change) is never stored after it.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private totalBytes = 0;
  private generation = 0;

  constructor(
    private readonly limits: ReadCacheLimits,
    private readonly sizeOf: (value: V) => number,
    /** False while changes may go unannounced (the event bus reconnecting): nothing is stored or served then. */
    private readonly canFill: () => boolean = () => true,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): V | undefined {
    // Changes may be going unannounced: what is kept may be stale already.
    if (!this.canFill()) {
      if (this.entries.size > 0) this.clear();
      return undefined;
    }
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: moving the entry to the end makes the first one the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Call before reading what will be stored. */
  fillToken(): FillToken {
    return this.generation;
  }

  /** Stores the value unless a change came between fillToken() and now; true when stored. */
  set(key: string, token: FillToken, value: V): boolean {
    if (token !== this.generation || !this.canFill()) return false;
    const bytes = this.sizeOf(value) + key.length * 2;
    if (bytes > this.limits.maxBytes) return false;
    this.remove(key);
    this.entries.set(key, { value, bytes });
    this.totalBytes += bytes;
    while (this.entries.size > this.limits.maxEntries || this.totalBytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    return true;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.totalBytes = 0;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
