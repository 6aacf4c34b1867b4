import type { Clock } from '../clock.ts';

/**
 * A small in-process cache with a time to live and a size bound (oldest entry out first). The
 * listing uses it for the category counts of a search, which cost a scan of the matching rows:
 * the next pages of the same search (infinite scroll) then cost only their page.
 */
export class FacetCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock.now().getTime() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Every listing change made through this process clears it, so a seller sees their own change. */
  clear(): void {
    this.entries.clear();
  }
}
