import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from '../mail/mailer.ts';

/**
 * Sends a notification after the decision it reports has committed. A mail failure is logged
 * and swallowed: the request, acceptance or rejection stands, and the app shows its status.
 */
export async function notify(mailer: Mailer, log: FastifyBaseLogger, message: MailMessage, what: string): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    log.error({ err: error, to: message.to, what }, 'buy-request mail could not be sent');
  }
}
