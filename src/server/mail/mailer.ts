import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same on every attempt for one event, so a resent mail is recognisably the same mail. */
  messageId?: string;
  headers?: Record<string, string>;
}

/**
 * SMTP client limits: a stuck server fails an attempt well within the mail job's timeout
 * (mail/outbox.ts), so one attempt never overlaps the retry that follows it.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

/** True when the mail server refused for good (a 5xx answer): retrying cannot help. */
export function isPermanentMailError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when mail only lands in the local dev outbox, so nobody can receive it for real. */
  readonly isDevOutbox: boolean;
}

/** Real delivery through SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    isDevOutbox: false,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP_URL each mail is written as an .eml file into DATA_DIR/outbox, so a newcomer can
 * register without a mail server (the auth feature also logs the one-time code in this mode).
 */
export function createOutboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    isDevOutbox: true,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outboxDir, `${Date.now()}-${safeTo}-${info.messageId.replace(/[<>@]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ file, to: message.to, subject: message.subject }, 'mail written to dev outbox');
    },
  };
}

/** Keeps mail in memory; API tests read it from `sent`. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    isDevOutbox: false,
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

const HTML_SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most texts have nothing to escape: a test allocates nothing where a replace builds a copy.
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`) : text;
}
