import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

const bytesOf = (value: string) => value.length;

describe('ReadCache', () => {
  it('answers what was stored until it is cleared', () => {
    const cache = new ReadCache<string>({ maxEntries: 10, maxBytes: 1000 }, bytesOf);
    expect(cache.set('a', cache.fillToken(), 'one')).toBe(true);
    expect(cache.get('a')).toBe('one');
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('does not store an answer read before a change that arrived while it was being read', () => {
    const cache = new ReadCache<string>({ maxEntries: 10, maxBytes: 1000 }, bytesOf);
    const token = cache.fillToken();
    cache.clear();
    expect(cache.set('a', token, 'stale')).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', cache.fillToken(), 'fresh')).toBe(true);
  });

  it('stores and serves nothing while changes may go unannounced, and drops what it had', () => {
    let live = true;
    const cache = new ReadCache<string>({ maxEntries: 10, maxBytes: 1000 }, bytesOf, () => live);
    cache.set('a', cache.fillToken(), 'one');
    live = false;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('b', cache.fillToken(), 'two')).toBe(false);
    live = true;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('b', cache.fillToken(), 'two')).toBe(true);
  });

  it('drops the least recently used entry beyond its entry limit', () => {
    const cache = new ReadCache<string>({ maxEntries: 2, maxBytes: 1000 }, bytesOf);
    cache.set('a', cache.fillToken(), '1');
    cache.set('b', cache.fillToken(), '2');
    cache.get('a');
    cache.set('c', cache.fillToken(), '3');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['1', undefined, '3']);
  });

  it('keeps an entry read again among the newer half where it is, and drops the oldest placed first', () => {
    const cache = new ReadCache<string>({ maxEntries: 4, maxBytes: 1000 }, bytesOf);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, cache.fillToken(), key);
    // c and d were placed fewer than two (half of four) placements ago: read, they stay put.
    expect([cache.get('c'), cache.get('d')]).toEqual(['c', 'd']);
    // b was placed two placements ago: read, it moves to the end.
    expect(cache.get('b')).toBe('b');
    cache.set('e', cache.fillToken(), 'e');
    cache.set('f', cache.fillToken(), 'f');
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((key) => cache.get(key))).toEqual([undefined, 'b', undefined, 'd', 'e', 'f']);
  });

  it('keeps its entries, keys included, within its byte limit', () => {
    const cache = new ReadCache<string>({ maxEntries: 100, maxBytes: 20 }, bytesOf);
    cache.set('a', cache.fillToken(), 'x'.repeat(12));
    cache.set('b', cache.fillToken(), 'y'.repeat(12));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('y'.repeat(12));
    expect(cache.bytes).toBe(14);
    expect(cache.set('c', cache.fillToken(), 'z'.repeat(40))).toBe(false);
    expect(cache.get('b')).toBe('y'.repeat(12));
  });

  it('drops only the entries stored with a changed tag', () => {
    const cache = new ReadCache<string>({ maxEntries: 10, maxBytes: 1000 }, bytesOf);
    cache.set('list', cache.fillToken(), 'page', ['list', 'p:1', 'p:2']);
    cache.set('one', cache.fillToken(), 'detail 1', ['p:1']);
    cache.set('two', cache.fillToken(), 'detail 2', ['p:2']);
    cache.dropTagged(['p:1']);
    expect([cache.get('list'), cache.get('one'), cache.get('two')]).toEqual([undefined, undefined, 'detail 2']);
    expect(cache.bytes).toBe('detail 2'.length + 'two'.length * 2);
  });

  it('stores a fill that raced a change to something else, and refuses one that raced a change to its own tags', () => {
    const cache = new ReadCache<string>({ maxEntries: 10, maxBytes: 1000 }, bytesOf);
    const token = cache.fillToken();
    cache.dropTagged(['p:9']);
    expect(cache.set('one', token, 'detail 1', ['p:1'])).toBe(true);
    expect(cache.set('nine', token, 'stale 9', ['p:9'])).toBe(false);
    expect(cache.get('nine')).toBeUndefined();
  });

  it('refuses a fill older than the changes it remembers', () => {
    const cache = new ReadCache<string>({ maxEntries: 10, maxBytes: 1000 }, bytesOf);
    const token = cache.fillToken();
    for (let i = 0; i < 300; i++) cache.dropTagged([`p:other-${i}`]);
    expect(cache.set('one', token, 'maybe stale', ['p:1'])).toBe(false);
    expect(cache.set('one', cache.fillToken(), 'fresh', ['p:1'])).toBe(true);
  });
});
