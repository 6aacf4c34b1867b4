import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { EventBus } from '#server/events/event-bus.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { nextEvents } from './bus-events.ts';

/** Two app instances on one PostgreSQL: the second is a bus on its own connection pool. */
describe('event bus across instances (PostgreSQL)', () => {
  let testApp: TestApp;
  let other: DatabaseHandle;
  let otherBus: EventBus;

  beforeAll(async () => {
    testApp = await createTestApp();
    const url = testApp.databaseUrl;
    if (!url) throw new Error('this test needs TEST_DB=postgres');
    other = await openDatabase({ databaseUrl: url });
    otherBus = new EventBus(other.notifications, testApp.app.log);
    await otherBus.start();
  });
  afterAll(async () => {
    await otherBus.stop();
    await other.close();
    await testApp.close();
  });

  it('delivers an event published through one instance to the other', async () => {
    const arriving = nextEvents(otherBus, 1, 1000);
    await testApp.app.db.transaction((tx) => testApp.app.events.publish(tx, 'test.ping', { n: 7 }));
    expect(await arriving).toEqual([7]);
  });

  it('reconnects after losing its listening connection, asks for a resync, and delivers later events', async () => {
    let resyncs = 0;
    const stop = otherBus.onResync(() => resyncs++);
    await testApp.app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'campus-market-listener' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    await expect.poll(() => resyncs, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expect(otherBus.live).toBe(true);
    const arriving = nextEvents(otherBus, 1, 1000);
    await testApp.app.events.publish(testApp.app.db, 'test.ping', { n: 8 });
    expect(await arriving).toEqual([8]);
    stop();
  });
});
