import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import type { NotificationKind } from '#domain/notifications/notification-kinds.ts';
import { runWritten } from '../db/prepared.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { insertJobsSql } from '../jobs/job-queue.ts';

export type OutboxMailRow = typeof mailOutbox.$inferSelect;
export type NewOutboxMail = typeof mailOutbox.$inferInsert;

/** Still to be delivered: a failed mail too, since an admin may retry its job. */
const undelivered = (id: string) => and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['pending', 'failed']));

/** The unsubscribe token stored with a mail (its hash: unsubscribe-tokens.ts). */
export interface StoredUnsubscribeToken {
  tokenHash: string;
  userId: string;
  kind: NotificationKind;
}

/** What queueMail stores: every column it sets, in the order of INSERT_OUTBOX_MAIL's values. */
export type QueuedOutboxMail = Required<
  Pick<
    NewOutboxMail,
    | 'id'
    | 'eventKey'
    | 'kind'
    | 'userId'
    | 'toAddress'
    | 'messageId'
    | 'subject'
    | 'textBody'
    | 'htmlBody'
    | 'unsubscribeUrl'
    | 'expiresAt'
  >
>;

/** The mail, with its unsubscribe token and the job that delivers it only if the mail was stored: one statement. */
const INSERT_OUTBOX_MAIL = {
  name: 'insert-outbox-mail',
  text: `
  with stored as (
    insert into mail_outbox (id, event_key, kind, user_id, to_address, message_id, subject, text_body, html_body,
                             unsubscribe_url, expires_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
    on conflict (event_key) do nothing
    returning id),
  token as (
    insert into unsubscribe_tokens (token_hash, user_id, kind)
    select $12::text, $13::uuid, $14::text from stored where $12::text is not null),
  job as (
    ${insertJobsSql('mail.deliver', { id: '$15::uuid', data: "jsonb_build_object('outboxId', stored.id)", from: 'stored' })})
  select id, (select count(*) from job)::int as jobs from stored`,
};

/**
 * Stores a mail (with its unsubscribe token and its delivery job, of id `jobId`) unless one exists
 * for the same event; true when this call stored it.
 */
export async function insertOutboxMail(
  tx: Queryable,
  mail: QueuedOutboxMail,
  token: StoredUnsubscribeToken | undefined,
  jobId: string,
): Promise<boolean> {
  const rows = await runWritten<{ id: string; jobs: number }>(tx, {
    ...INSERT_OUTBOX_MAIL,
    values: [
      mail.id,
      mail.eventKey,
      mail.kind,
      mail.userId,
      mail.toAddress,
      mail.messageId,
      mail.subject,
      mail.textBody,
      mail.htmlBody,
      mail.unsubscribeUrl,
      mail.expiresAt?.toISOString() ?? null,
      token?.tokenHash ?? null,
      token?.userId ?? null,
      token?.kind ?? null,
      jobId,
    ],
  });
  // No job without the kind's queue (created when the job queue starts): a mail nobody would deliver.
  if (rows.length === 1 && rows[0]!.jobs !== 1) throw new Error('job mail.deliver was not stored: its queue does not exist');
  return rows.length === 1;
}

/** What delivering a mail reads of its row. */
export type OutboxMail = Pick<
  OutboxMailRow,
  'id' | 'kind' | 'status' | 'toAddress' | 'messageId' | 'subject' | 'textBody' | 'htmlBody' | 'unsubscribeUrl' | 'expiresAt'
>;

const FIND_OUTBOX_MAILS = {
  name: 'find-outbox-mails',
  text: `
  select id, kind, status, to_address, message_id, subject, text_body, html_body, unsubscribe_url,
         (extract(epoch from expires_at) * 1000)::float8 as expires_ms
    from mail_outbox
   where id = any($1::uuid[])`,
};

interface OutboxMailFields {
  id: string;
  kind: OutboxMail['kind'];
  status: OutboxMail['status'];
  to_address: string;
  message_id: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  unsubscribe_url: string | null;
  expires_ms: number | null;
}

/** The mails of these ids that still exist, in one statement (a batch of deliveries reads them together). */
export async function findOutboxMails(db: Queryable, ids: string[]): Promise<OutboxMail[]> {
  const rows = await runWritten<OutboxMailFields>(db, { ...FIND_OUTBOX_MAILS, values: [ids] });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    toAddress: row.to_address,
    messageId: row.message_id,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    unsubscribeUrl: row.unsubscribe_url,
    expiresAt: row.expires_ms === null ? null : new Date(row.expires_ms),
  }));
}

const MARK_OUTBOX_MAILS_SENT = {
  name: 'mark-outbox-mails-sent',
  text: `
  update mail_outbox
     set status = 'sent', sent_at = $2::timestamptz, attempts = attempts + 1, last_error = null,
         text_body = null, html_body = null
   where id = any($1::uuid[]) and status in ('pending', 'failed')`,
};

/**
 * The delivery records of mails the mail server accepted: written at once, so a retry finds them
 * and sends nothing. The bodies (which may hold a code or an unsubscribe token) go with them.
 */
export async function markOutboxMailsSent(db: Queryable, ids: string[], at: Date): Promise<void> {
  await runWritten(db, { ...MARK_OUTBOX_MAILS_SENT, values: [ids, at.toISOString()] });
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
