import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MailKind, NotificationKind } from '#domain/notifications/notification-kinds.ts';
import { notificationKindLabels } from '#domain/notifications/notification-kinds.ts';
import { maskEmail } from '#domain/users/masking.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { type BatchedJob, type FailedJob, type JobQueue, PermanentJobError, type RunningJob } from '../jobs/job-queue.ts';
import { MAIL_TEMPLATES, type MailTemplateData, isSecurityMail } from './mail-templates.ts';
import { type Mailer, isPermanentMailError } from './mailer.ts';
import {
  findOutboxMails,
  type OutboxMail,
  type StoredUnsubscribeToken,
  insertOutboxMail,
  markOutboxMailExpired,
  markOutboxMailsSent,
  pruneOutbox,
  recordOutboxFailure,
} from './outbox.repository.ts';
import { sitePages } from './templates/buy-request-mails.ts';
import { type MailUnsubscribe, renderMail } from './templates/layout.ts';
import { newUnsubscribeToken, pruneUnsubscribeTokens } from './unsubscribe-tokens.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** Delivers one mail of the outbox. */
    'mail.deliver': { outboxId: string };
    /** Drops old delivery records and unsubscribe tokens. */
    'mail.housekeeping': Record<string, never>;
  }
}

/** What queueing a mail needs from the app. */
export interface MailQueueContext {
  jobs: JobQueue;
  config: Pick<Config, 'publicUrl' | 'contactEmail' | 'mailFrom'>;
}

export interface QueuedMail<K extends MailKind> {
  kind: K;
  to: string;
  /** The recipient's account: required for every mail but sign-up codes (unsubscribe, account deletion). */
  userId: string | null;
  data: MailTemplateData[K];
  /** What caused the mail, unique: one event is one mail, however often it is queued. */
  eventKey: string;
  /** A mail of no use after this (a one-time code's expiry) is dropped instead of sent late. */
  expiresAt?: Date;
}

/** Every delivery record outlives its mail by this long, for support questions. */
const DELIVERY_RECORDS_KEPT_MS = 90 * 24 * 3600_000;

/** The part after @ of the sender's address, for Message-IDs ("<uuid@campus.edu>"). */
export function messageIdDomain(mailFrom: string, publicUrl: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim();
  return domain && /^[a-z0-9.-]+$/i.test(domain) ? domain : new URL(publicUrl).hostname;
}

/** Which mails an unsubscribe link turns off: a digest's, those of the notifications it gathers. */
function unsubscribeKindOf(kind: MailKind): NotificationKind {
  return kind === 'saved-search.digest' ? 'saved-search.match' : (kind as NotificationKind);
}

/** The one-click address (RFC 8058) a mail's List-Unsubscribe header names. */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/v1/notifications/unsubscribe/${token}`;
}

/** The page a person reaches from the link in the mail: it asks, then unsubscribes. */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe/${token}`;
}

/**
 * Puts a mail in the outbox inside `tx`, the transaction of the event that causes it, with the
 * job that will deliver it, in one statement: the event, the mail and the job commit together or
 * not at all. Answers false when the event already has its mail.
 */
export async function queueMail<K extends MailKind>(tx: Queryable, ctx: MailQueueContext, mail: QueuedMail<K>): Promise<boolean> {
  const { stored, jobId } = storeMail(tx, ctx, mail);
  if (!(await stored)) return false;
  await ctx.jobs.announce(tx, 'mail.deliver', jobId);
  return true;
}

/**
 * queueMail for an event that is new (its key made up by the caller just now, so no mail can
 * exist for it yet): the statement is sent and the job announced at once, and what it answers is
 * returned for the caller to hand to checkAtCommit (db/client.ts) or await, so that queueing the
 * mail need not cost a round trip of its own.
 */
export function queueMailOfNewEvent<K extends MailKind>(
  tx: Queryable,
  ctx: MailQueueContext,
  mail: QueuedMail<K>,
): Promise<unknown> {
  const { stored, jobId } = storeMail(tx, ctx, mail);
  return Promise.all([stored, ctx.jobs.announce(tx, 'mail.deliver', jobId)]);
}

/** Renders the mail and sends the statement that stores it, its unsubscribe token and its job. */
function storeMail<K extends MailKind>(tx: Queryable, ctx: MailQueueContext, mail: QueuedMail<K>) {
  const { publicUrl, contactEmail, mailFrom } = ctx.config;
  const id = randomUUID();
  const content = MAIL_TEMPLATES[mail.kind](mail.data, publicUrl);
  let unsubscribe: (MailUnsubscribe & { oneClickUrl: string }) | undefined;
  let token: StoredUnsubscribeToken | undefined;
  if (!isSecurityMail(mail.kind)) {
    if (!mail.userId) throw new Error(`a ${mail.kind} mail must name its recipient's account`);
    const kind = unsubscribeKindOf(mail.kind);
    const fresh = newUnsubscribeToken();
    token = { tokenHash: fresh.tokenHash, userId: mail.userId, kind };
    unsubscribe = {
      kindLabel: notificationKindLabels[kind],
      pageUrl: unsubscribePageUrl(publicUrl, fresh.token),
      settingsUrl: sitePages.account(publicUrl),
      oneClickUrl: oneClickUnsubscribeUrl(publicUrl, fresh.token),
    };
  }
  const rendered = renderMail(content, { url: publicUrl, contactEmail }, unsubscribe);
  // The delivery job is stored by the mail's own statement, so the event, the mail and the job
  // commit together or not at all; an event that already had its mail stores neither again.
  const jobId = randomUUID();
  const stored = insertOutboxMail(
    tx,
    {
      id,
      eventKey: mail.eventKey,
      kind: mail.kind,
      userId: mail.userId,
      toAddress: mail.to,
      messageId: `<${id}@${messageIdDomain(mailFrom, publicUrl)}>`,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      unsubscribeUrl: unsubscribe?.oneClickUrl ?? null,
      expiresAt: mail.expiresAt ?? null,
    },
    token,
    jobId,
  );
  return { stored, jobId };
}

export interface MailDeliveryContext {
  db: Queryable;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Counts each attempt for metrics; `final` when no retry follows a failure. */
  onAttempt?: (kind: string, outcome: 'sent' | 'failed', final: boolean) => void;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Records mails as sent once their server accepted them, those accepted within one turn of the
 * event loop in one statement (a batch's mails often are): the record still follows the
 * acceptance at once, and a batch of eight costs one statement instead of eight.
 */
function sentRecorder(ctx: MailDeliveryContext): (id: string) => Promise<void> {
  let turn: { ids: string[]; recorded: Promise<void> } | undefined;
  return (id) => {
    if (!turn) {
      const ids: string[] = [];
      const recorded = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        turn = undefined;
        return markOutboxMailsSent(ctx.db, ids, ctx.clock.now());
      });
      turn = { ids, recorded };
    }
    turn.ids.push(id);
    return turn.recorded;
  };
}

/**
 * Delivers one outbox mail, at most once per event: a mail already recorded as sent is not sent
 * again. The record is written right after the mail server accepts; what a crash in between
 * means is in docs/decisions/0016-job-queue.md. `mail` is the outbox row as read for this run.
 */
async function deliver(
  ctx: MailDeliveryContext,
  recordSent: (id: string) => Promise<void>,
  mail: OutboxMail | undefined,
  job: RunningJob,
): Promise<void> {
  // Gone with its account, already delivered, or dropped as too late: nothing to send.
  if (!mail || mail.status === 'sent' || mail.status === 'expired') return;
  if (mail.expiresAt && mail.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    await markOutboxMailExpired(ctx.db, mail.id);
    ctx.log.warn({ mail: mail.id, kind: mail.kind }, 'mail dropped: it expired before it could be sent');
    return;
  }
  try {
    await ctx.mailer.send({
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody ?? '',
      html: mail.htmlBody ?? '',
      messageId: mail.messageId,
      headers: mail.unsubscribeUrl
        ? { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {},
    });
  } catch (error) {
    const permanent = isPermanentMailError(error);
    ctx.onAttempt?.(mail.kind, 'failed', permanent || job.lastAttempt);
    await recordOutboxFailure(ctx.db, mail.id, errorText(error), permanent || job.lastAttempt);
    if (permanent) throw new PermanentJobError(errorText(error));
    throw error;
  }
  ctx.onAttempt?.(mail.kind, 'sent', true);
  await recordSent(mail.id);
}

/**
 * Delivers a batch of outbox mails: their rows read in one statement, then every mail sent side by
 * side (a batch ends within the job timeout, as one mail does), each recorded as sent the moment
 * its server accepts it (sentRecorder). Answers the jobs whose mail failed.
 */
export async function deliverOutboxMails(ctx: MailDeliveryContext, jobs: BatchedJob<'mail.deliver'>[]): Promise<FailedJob[]> {
  const rows = await findOutboxMails(
    ctx.db,
    jobs.map(({ data }) => data.outboxId),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const recordSent = sentRecorder(ctx);
  const failures = await Promise.all(
    jobs.map(({ data, job }) =>
      deliver(ctx, recordSent, byId.get(data.outboxId), job).then(
        () => undefined,
        (error: unknown): FailedJob => ({ id: job.id, error }),
      ),
    ),
  );
  return failures.filter((failure) => failure !== undefined);
}

/** A busy outbox's mails are delivered this many to a job run (deliverOutboxMails). */
const MAIL_BATCH_SIZE = 8;

/** The mail jobs: delivery (woken at once by each queued mail) and a daily clean-up. */
export function registerMailJobs(app: FastifyInstance) {
  const ctx = (): MailDeliveryContext => ({
    db: app.db,
    mailer: app.mailer,
    clock: app.clock,
    log: app.log,
    onAttempt: (kind, outcome, final) => app.metrics.mailDelivered(kind, outcome, final),
  });
  app.jobs.define({
    kind: 'mail.deliver',
    batchSize: MAIL_BATCH_SIZE,
    runBatch: (jobs) => deliverOutboxMails(ctx(), jobs),
    // 5 s doubling (with jitter) over 12 retries: a mail server may be down for hours before a mail fails.
    retryLimit: 12,
    retryDelaySeconds: 5,
    // Well above the SMTP client's own timeouts (mailer.ts), so a slow attempt ends before it is presumed dead.
    timeoutSeconds: 60,
    concurrency: 2,
    describe: async ({ outboxId }) => {
      const [mail] = await findOutboxMails(app.db, [outboxId]);
      return mail ? `${mail.kind} mail to ${maskEmail(mail.toAddress)}` : null;
    },
  });
  app.jobs.define({
    kind: 'mail.housekeeping',
    run: async () => {
      const now = app.clock.now();
      await pruneOutbox(app.db, new Date(now.getTime() - DELIVERY_RECORDS_KEPT_MS));
      await pruneUnsubscribeTokens(app.db, now);
    },
    retryLimit: 2,
    retryDelaySeconds: 60,
    timeoutSeconds: 300,
    concurrency: 1,
    schedule: '17 3 * * *',
  });
}
