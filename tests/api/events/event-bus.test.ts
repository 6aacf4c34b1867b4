import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { transactionWithEvents } from '#server/events/event-bus.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { nextEvents } from './bus-events.ts';

describe('event bus (cross-instance notifications)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('delivers an event when the transaction that published it commits', async () => {
    const { app } = testApp;
    const arriving = nextEvents(app.events, 1);
    await app.db.transaction(async (tx) => {
      await app.events.publish(tx, 'test.ping', { n: 1 });
    });
    expect(await arriving).toEqual([1]);
  });

  it('delivers nothing published by a transaction that rolls back', async () => {
    const { app } = testApp;
    const arriving = nextEvents(app.events, 1);
    await app.db
      .transaction(async (tx) => {
        await app.events.publish(tx, 'test.ping', { n: 2 });
        throw new Error('roll back');
      })
      .catch(() => {});
    await app.events.publish(app.db, 'test.ping', { n: 3 });
    // Only the event outside the rolled-back transaction arrives.
    expect(await arriving).toEqual([3]);
  });

  it('keeps the order in which events were committed', async () => {
    const { app } = testApp;
    const arriving = nextEvents(app.events, 3);
    for (const n of [10, 11, 12]) await app.events.publish(app.db, 'test.ping', { n });
    expect(await arriving).toEqual([10, 11, 12]);
  });

  it('holds the events of a transactionWithEvents until it commits, then sends them all in the order published', async () => {
    const { app } = testApp;
    const arriving = nextEvents(app.events, 4);
    await transactionWithEvents(app.db, async (tx) => {
      const statements = vi.spyOn(tx, 'execute');
      for (const n of [20, 21, 22, 23]) await app.events.publish(tx, 'test.ping', { n });
      // Held, not sent one round trip each: they go in one statement just before the commit.
      expect(statements).not.toHaveBeenCalled();
    });
    expect(await arriving).toEqual([20, 21, 22, 23]);
  });

  it('delivers the text of a held event exactly as published, quotes, backslashes and SQL included', async () => {
    const { app } = testApp;
    const text = `it's a \\ "quoted" one'); commit; select ('x\\' -- ünïcødé 🎉\n`;
    const arriving = new Promise<string>((resolve) => {
      const stop = app.events.subscribe('test.text', (data) => {
        stop();
        resolve(data.text);
      });
    });
    await transactionWithEvents(app.db, async (tx) => {
      await app.events.publish(tx, 'test.text', { text });
    });
    expect(await arriving).toBe(text);
  });

  it('sends nothing a transactionWithEvents held when it rolls back', async () => {
    const { app } = testApp;
    const arriving = nextEvents(app.events, 1);
    await transactionWithEvents(app.db, async (tx) => {
      await app.events.publish(tx, 'test.ping', { n: 30 });
      throw new Error('roll back');
    }).catch(() => {});
    await app.events.publish(app.db, 'test.ping', { n: 31 });
    expect(await arriving).toEqual([31]);
  });

  it('resolves a transactionCaughtUp once its events have been delivered here, in one statement with them', async () => {
    const { app } = testApp;
    const seen: number[] = [];
    const stop = app.events.subscribe('test.ping', ({ n }) => seen.push(n));
    try {
      const { result, caughtUp } = await app.events.transactionCaughtUp(app.db, async (tx) => {
        await app.events.publish(tx, 'test.ping', { n: 40 });
        await app.events.publish(tx, 'test.ping', { n: 41 });
        return 'done';
      });
      expect({ result, caughtUp }).toEqual({ result: 'done', caughtUp: true });
      // Delivered before it resolved: nothing to wait for.
      expect(seen).toEqual([40, 41]);
    } finally {
      stop();
    }
  });

  it('rolls a transactionCaughtUp back whole, and forgets its barrier', async () => {
    const { app } = testApp;
    const arriving = nextEvents(app.events, 1);
    await expect(
      app.events.transactionCaughtUp(app.db, async (tx) => {
        await app.events.publish(tx, 'test.ping', { n: 50 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await app.events.publish(app.db, 'test.ping', { n: 51 });
    expect(await arriving).toEqual([51]);
    expect((app.events as unknown as { barriers: Map<string, unknown> }).barriers.size).toBe(0);
  });

  it('commits a transactionCaughtUp but says it did not catch up while the bus is not live', async () => {
    const { app } = testApp;
    const live = vi.spyOn(app.events, 'live', 'get').mockReturnValue(false);
    try {
      const arriving = nextEvents(app.events, 1);
      const outcome = await app.events.transactionCaughtUp(app.db, async (tx) => {
        await app.events.publish(tx, 'test.ping', { n: 60 });
        return 'committed';
      });
      expect(outcome).toEqual({ result: 'committed', caughtUp: false });
      expect(await arriving).toEqual([60]);
    } finally {
      live.mockRestore();
    }
  });

  it("counts the events delivered since its group's last mark, whatever their topic, and only follows its own group's marks", async () => {
    const { app } = testApp;
    expect(app.events.position()).toBeUndefined();
    await app.events.markPositions(app.db, 'machine-a');
    await testApp.settled();
    const { mark } = app.events.position()!;
    // The barrier settled() sent is the one event delivered since the mark.
    expect(app.events.position()).toEqual({ mark, count: 1 });
    for (const n of [1, 2]) await app.events.publish(app.db, 'test.ping', { n });
    await app.events.publish(app.db, 'bus.mark', { group: 'machine-b', mark: 'another machine' });
    await testApp.settled();
    expect(app.events.position()).toEqual({ mark, count: 5 });

    // A new mark of its own: no position until it arrives, then a count from there.
    const marking = app.events.markPositions(app.db, 'machine-a');
    expect(app.events.position()).toBeUndefined();
    await marking;
    await testApp.settled();
    expect(app.events.position()).toEqual({ mark: expect.not.stringMatching(mark), count: 1 });
  });

  it("sends a transaction's events as one notification when they fit, and delivers each of them in order", async () => {
    const { app } = testApp;
    await app.events.markPositions(app.db, 'machine-a');
    await testApp.settled();
    const before = app.events.position()!.count;
    const arriving = nextEvents(app.events, 4);
    await transactionWithEvents(app.db, async (tx) => {
      for (const n of [70, 71, 72, 73]) await app.events.publish(tx, 'test.ping', { n });
    });
    expect(await arriving).toEqual([70, 71, 72, 73]);
    await testApp.settled();
    // The four events and, after them, settled()'s barrier: two notifications.
    expect(app.events.position()!.count - before).toBe(2);
  });

  it("splits a transaction's events over as many notifications as they need, in order, and folds identical ones", async () => {
    const { app } = testApp;
    await app.events.markPositions(app.db, 'machine-a');
    await testApp.settled();
    const before = app.events.position()!.count;
    const padding = 'x'.repeat(3000);
    const seen: number[] = [];
    const stop = app.events.subscribe('test.ping', ({ n }) => seen.push(n));
    try {
      await transactionWithEvents(app.db, async (tx) => {
        for (const n of [80, 81, 81, 82]) await app.events.publish(tx, 'test.ping', { n, padding } as never);
      });
      await testApp.settled();
    } finally {
      stop();
    }
    expect(seen).toEqual([80, 81, 82]);
    // Two events of 3 KB fit in a notification, the third needs another; then settled()'s barrier.
    expect(app.events.position()!.count - before).toBe(3);
  });

  it('refuses an event too large for a notification rather than losing it silently', async () => {
    const { app } = testApp;
    await expect(app.events.publish(app.db, 'test.ping', { n: 1, padding: 'x'.repeat(9000) } as never)).rejects.toThrow(
      /too large/,
    );
  });
});
