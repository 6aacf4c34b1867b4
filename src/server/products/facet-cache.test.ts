import { describe, expect, it } from 'vitest';
import { fakeClock } from '../clock.ts';
import { FacetCache } from './facet-cache.ts';

describe('FacetCache', () => {
  it('answers from the cache until the entry expires', () => {
    const clock = fakeClock();
    const cache = new FacetCache<number>(clock, 1000, 10);
    cache.set('calculator', 3);
    clock.advance(999);
    expect(cache.get('calculator')).toBe(3);
    clock.advance(1);
    expect(cache.get('calculator')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new FacetCache<number>(fakeClock(), 1000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('drops the oldest entries while the weights add up to more than the bound', () => {
    const cache = new FacetCache<number[]>(fakeClock(), 1000, 10, () => true, { weigh: (rows) => rows.length, maxWeight: 5 });
    cache.set('a', [1, 2]);
    cache.set('b', [1, 2]);
    expect(cache.set('c', [1, 2, 3])).toBe(true);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, [1, 2], [1, 2, 3]]);
    expect(cache.set('d', [1, 2, 3, 4, 5, 6])).toBe(false);
    expect(cache.get('c')).toEqual([1, 2, 3]);
  });

  it('reads a value once for callers asking while it is read, then serves it from the cache', async () => {
    const cache = new FacetCache<number>(fakeClock(), 1000, 10);
    let reads = 0;
    const read = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 7;
    };
    expect(await Promise.all([cache.fill('lamp', read), cache.fill('lamp', read), cache.fill('lamp', read)])).toEqual([7, 7, 7]);
    expect(await cache.fill('lamp', read)).toBe(7);
    expect(reads).toBe(1);
  });

  it('does not share a read begun before a clear with a caller asking after it, nor keep it', async () => {
    const cache = new FacetCache<string>(fakeClock(), 1000, 10);
    let release = () => {};
    const stale = cache.fill('lamp', () => new Promise<string>((resolve) => (release = () => resolve('before'))));
    cache.clear();
    const fresh = cache.fill('lamp', async () => 'after');
    release();
    expect(await stale).toBe('before');
    expect(await fresh).toBe('after');
    expect(cache.get('lamp')).toBe('after');
  });

  it('forgets everything when cleared', () => {
    const cache = new FacetCache<number>(fakeClock(), 1000, 2);
    cache.set('a', 1);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a value read before a clear: the read raced a change', () => {
    const cache = new FacetCache<number>(fakeClock(), 1000, 10);
    const token = cache.fillToken();
    cache.clear();
    expect(cache.set('a', 1, token)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', 2, cache.fillToken())).toBe(true);
    expect(cache.get('a')).toBe(2);
  });

  it('neither keeps nor serves anything while changes may go unannounced', () => {
    let live = true;
    const cache = new FacetCache<number>(fakeClock(), 1000, 10, () => live);
    cache.set('a', 1);
    live = false;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('b', 2)).toBe(false);
  });
});
