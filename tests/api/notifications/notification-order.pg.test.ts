import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotification } from '#server/notifications/notifications.repository.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * A reconnecting stream replays seq > Last-Event-ID, so one user's notifications must take their
 * seq in commit order: a second transaction notifying the same user waits for the first. Runs in
 * the PostgreSQL pass, where two transactions really run side by side (PGlite has one session).
 */
let t: TestApp;
let seller: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  seller = await insertUser(t.app.db, { userName: 'notified-twice' });
});
afterAll(() => t.close());

const newNotification = (userId: string) => ({ id: randomUUID(), userId, kind: 'buy-request.received' as const, payload: {} });

describe("one user's notifications in commit order", () => {
  it('makes a second notification for the same user wait until the first commits, and gives it the later seq', async () => {
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStored!: () => void;
    const firstInserted = new Promise<void>((resolve) => (firstStored = resolve));
    const first = t.app.db.transaction(async (tx) => {
      const seq = await insertNotification(tx, newNotification(seller.id));
      firstStored();
      await firstHolds;
      return seq;
    });
    await firstInserted;
    let secondDone = false;
    const second = t.app.db
      .transaction((tx) => insertNotification(tx, newNotification(seller.id)))
      .then((row) => {
        secondDone = true;
        return row;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    releaseFirst();
    const [firstSeq, secondSeq] = await Promise.all([first, second]);
    expect(secondSeq).toBeGreaterThan(firstSeq);
  });

  it("does not make another user's notification wait", async () => {
    const other = await insertUser(t.app.db);
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStored!: () => void;
    const firstInserted = new Promise<void>((resolve) => (firstStored = resolve));
    const first = t.app.db.transaction(async (tx) => {
      await insertNotification(tx, newNotification(seller.id));
      firstStored();
      await firstHolds;
    });
    await firstInserted;
    const seq = await t.app.db.transaction((tx) => insertNotification(tx, newNotification(other.id)));
    expect(seq).toBeGreaterThan(0);
    releaseFirst();
    await first;
  });
});
