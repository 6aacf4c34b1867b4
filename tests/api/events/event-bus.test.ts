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

  it('refuses an event too large for a notification rather than losing it silently', async () => {
    const { app } = testApp;
    await expect(app.events.publish(app.db, 'test.ping', { n: 1, padding: 'x'.repeat(9000) } as never)).rejects.toThrow(
      /too large/,
    );
  });
});
