import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export type OutboxMailRow = typeof mailOutbox.$inferSelect;
export type NewOutboxMail = typeof mailOutbox.$inferInsert;

/** Still to be delivered: a failed mail too, since an admin may retry its job. */
const undelivered = (id: string) => and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['pending', 'failed']));

/** Stores a mail unless one exists for the same event; true when this call stored it. */
export async function insertOutboxMail(tx: Queryable, mail: NewOutboxMail): Promise<boolean> {
  const rows = await tx
    .insert(mailOutbox)
    .values(mail)
    .onConflictDoNothing({ target: mailOutbox.eventKey })
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

export async function findOutboxMail(db: Queryable, id: string): Promise<OutboxMailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/**
 * The delivery record: written the moment the mail server accepted the mail, so a retry finds
 * it and sends nothing. The bodies (which may hold a code or an unsubscribe token) go with it.
 */
export async function markOutboxMailSent(db: Queryable, id: string, at: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: at,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      textBody: null,
      htmlBody: null,
    })
    .where(undelivered(id));
}

/** An attempt failed; `final` when no retry follows. */
export async function recordOutboxFailure(db: Queryable, id: string, error: string, final: boolean): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      ...(final ? { status: 'failed' as const } : {}),
    })
    .where(undelivered(id));
}

/** Too late to be of use (a code that expired while the mail server was down). */
export async function markOutboxMailExpired(db: Queryable, id: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'expired', textBody: null, htmlBody: null }).where(undelivered(id));
}

/** Delivery records are kept a while for support questions, then dropped; mail still pending never is. */
export async function pruneOutbox(db: Queryable, before: Date): Promise<void> {
  await db.delete(mailOutbox).where(and(ne(mailOutbox.status, 'pending'), lt(mailOutbox.createdAt, before)));
}
