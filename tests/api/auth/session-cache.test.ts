import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionLookup } from '#server/auth/session-cache.ts';
import { fakeClock } from '#server/clock.ts';
import type { UserRow } from '#server/users/user.mapper.ts';

const HOUR = 3600_000;

/** The event bus as the cache sees it: revocations and resyncs are sent by hand. */
function fakeBus() {
  let revoked: (data: { userId: string }) => void = () => {};
  let resync: () => void = () => {};
  return {
    live: true,
    subscribe: (_topic: string, handler: (data: { userId: string }) => void) => {
      revoked = handler;
      return () => {};
    },
    onResync: (callback: () => void) => {
      resync = callback;
      return () => {};
    },
    revoke: (userId: string) => revoked({ userId }),
    resync: () => resync(),
  };
}

function setUp(settings = { maxEntries: 50_000, ttlMs: 60_000 }) {
  const clock = fakeClock(new Date('2026-03-02T06:00:00Z'));
  const bus = fakeBus();
  const cache = new SessionCache(bus as never, clock, settings);
  const lookup = (tokenHash: string, userId = 'user-1'): SessionLookup => ({
    tokenHash,
    user: { id: userId } as UserRow,
    lastUsedAt: clock.now(),
    expiresAt: new Date(clock.now().getTime() + 30 * 24 * HOUR),
    absoluteExpiresAt: new Date(clock.now().getTime() + 90 * 24 * HOUR),
  });
  return { clock, bus, cache, lookup };
}

describe('SessionCache', () => {
  it("drops every session of a user whose revocation arrives, and no one else's", () => {
    const { bus, cache, lookup } = setUp();
    cache.store(lookup('a', 'user-1'), cache.ticket);
    cache.store(lookup('b', 'user-1'), cache.ticket);
    cache.store(lookup('c', 'user-2'), cache.ticket);
    bus.revoke('user-1');
    expect([cache.get('a', HOUR), cache.get('b', HOUR), cache.get('c', HOUR)?.tokenHash]).toEqual([undefined, undefined, 'c']);
  });

  it('does not store a lookup that began before a revocation arrived', () => {
    const { bus, cache, lookup } = setUp();
    const ticket = cache.ticket;
    bus.revoke('user-1');
    cache.store(lookup('a'), ticket);
    expect(cache.get('a', HOUR)).toBeUndefined();
  });

  it('empties itself on a resync and is bypassed while the bus is not live', () => {
    const { bus, cache, lookup } = setUp();
    cache.store(lookup('a'), cache.ticket);
    bus.resync();
    expect(cache.get('a', HOUR)).toBeUndefined();
    bus.live = false;
    cache.store(lookup('b'), cache.ticket);
    expect(cache.size).toBe(0);
    bus.live = true;
    cache.store(lookup('c'), cache.ticket);
    expect(cache.get('c', HOUR)?.tokenHash).toBe('c');
  });

  it('sends a lookup back to the database once its renewal is due, its TTL is over or its session expired', () => {
    const { clock, cache, lookup } = setUp({ maxEntries: 10, ttlMs: 60_000 });
    cache.store(lookup('a'), cache.ticket);
    clock.advance(59_000);
    expect(cache.get('a', 60_000)?.tokenHash).toBe('a');
    clock.advance(2_000);
    expect(cache.get('a', HOUR)).toBeUndefined();
    cache.store(lookup('b'), cache.ticket);
    clock.advance(30_000);
    expect(cache.get('b', 10_000)).toBeUndefined();
  });

  it('keeps at most maxEntries, forgetting the least recently used first', () => {
    const { cache, lookup } = setUp({ maxEntries: 2, ttlMs: 60_000 });
    cache.store(lookup('a'), cache.ticket);
    cache.store(lookup('b'), cache.ticket);
    cache.get('a', HOUR);
    cache.store(lookup('c'), cache.ticket);
    expect([cache.get('a', HOUR)?.tokenHash, cache.get('b', HOUR), cache.get('c', HOUR)?.tokenHash]).toEqual([
      'a',
      undefined,
      'c',
    ]);
  });
});
