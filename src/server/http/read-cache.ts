/** Where a ReadCache's entries are bounded: so many entries, so many bytes in all. */
export interface ReadCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** The generation a reader saw before it read: pass it to set(), which stores only if nothing it depends on changed since. */
export type FillToken = number;

/** What a change dropped: entries carrying any of these tags, or everything. */
type Drop = { generation: number; tags: ReadonlySet<string> | 'all' };

/** How many recent drops are remembered to judge fills that raced them; an older fill is not stored. */
const DROP_LOG_LENGTH = 256;

interface Entry<V> {
  value: V;
  bytes: number;
  tags: readonly string[];
  /** When it was last put at the end of the order: placements before it are numbered lower. */
  placed: number;
}

/**
 * An in-process cache of finished answers, least recently used out first (nearly: see get),
 * bounded by entries and by bytes. It does not know when its data changes: its owner drops the
 * entries a change touches, by the tags they were stored with (dropTagged), or all of them
 * (clear). Every drop starts a new generation, so an answer computed from rows read before a
 * change that touches it (a fill racing the change) is never stored after it.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly drops: Drop[] = [];
  private totalBytes = 0;
  private generation = 0;
  /** Placements at the end of the order so far (stores and moves). */
  private placements = 0;

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
    // Map keeps insertion order: moving the entry to the end makes the first one the least recently
    // used. An entry placed fewer than half the entries ago is in the newer half, far from being
    // dropped, and stays where it is: a delete and a set on every hit made the Map of 100,000
    // answers rebuild its table every few thousand hits.
    if (this.placements - entry.placed >= this.entries.size / 2) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      entry.placed = ++this.placements;
    }
    return entry.value;
  }

  /** Call before reading what will be stored. */
  fillToken(): FillToken {
    return this.generation;
  }

  /**
   * Stores the value under its tags (what it was read from: a change to any of them drops it)
   * unless a change to one of them came between fillToken() and now; true when stored.
   */
  set(key: string, token: FillToken, value: V, tags: readonly string[] = []): boolean {
    if (!this.canFill() || this.changedSince(token, tags)) return false;
    const bytes = this.sizeOf(value) + key.length * 2;
    if (bytes > this.limits.maxBytes) return false;
    this.remove(key);
    this.entries.set(key, { value, bytes, tags, placed: ++this.placements });
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.totalBytes += bytes;
    while (this.entries.size > this.limits.maxEntries || this.totalBytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    return true;
  }

  /** Drops every entry stored with one of these tags. */
  dropTagged(tags: Iterable<string>): void {
    const dropped = new Set(tags);
    if (dropped.size === 0) return;
    this.logDrop(dropped);
    for (const tag of dropped) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.remove(key);
    }
  }

  clear(): void {
    this.logDrop('all');
    this.entries.clear();
    this.keysByTag.clear();
    this.totalBytes = 0;
  }

  private logDrop(tags: Drop['tags']) {
    this.generation++;
    this.drops.push({ generation: this.generation, tags });
    if (this.drops.length > DROP_LOG_LENGTH) this.drops.shift();
  }

  private changedSince(token: FillToken, tags: readonly string[]): boolean {
    if (token === this.generation) return false;
    // Drops older than the log are forgotten: a fill that old may have missed one, so it is refused.
    const oldestLogged = this.drops[0]?.generation ?? this.generation + 1;
    if (token < oldestLogged - 1) return true;
    return this.drops.some(({ generation, tags: dropped }) => {
      if (generation <= token) return false;
      return dropped === 'all' || tags.some((tag) => dropped.has(tag));
    });
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
