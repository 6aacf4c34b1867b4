import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReportTargetType } from '#domain/moderation/moderation.ts';
import type { reportedMessageSchema } from '#domain/moderation/moderation.wire.ts';
import type { Queryable } from '../db/client.ts';
import { products, users } from '../db/schema/index.ts';
import { isUuid } from '../http/ids.ts';

/** What a report is about, as the rules need it: whose it is, and a short label for the reporter. */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** The seller, the author, the user themself; null when the author's account is gone. */
  ownerId: string | null;
  /** How the reporter's outcome notification names it ('the listing "Lamp"'). */
  label: string;
  productTitle?: string;
}

/**
 * Finds a message and who may see it. Messages (conversations) are issue 12's; until its module
 * is merged no message exists, so a message report names nothing.
 */
export interface MessageLookup {
  findMessage(
    db: Queryable,
    messageId: string,
  ): Promise<{ id: string; authorId: string | null; participantIds: string[]; excerpt: string } | undefined>;
  /** The message with a few messages around it, as the admin's queue shows it. */
  messageWithContext?(db: Queryable, messageId: string): Promise<ReportedMessage | undefined>;
}

export type ReportedMessage = z.infer<typeof reportedMessageSchema>;

export const noMessages: MessageLookup = { findMessage: async () => undefined };

export async function findReportTarget(
  db: Queryable,
  messages: MessageLookup,
  type: ReportTargetType,
  id: string,
  viewerId?: string,
): Promise<ReportTarget | undefined> {
  if (!isUuid(id)) return undefined;
  switch (type) {
    case 'listing': {
      const [row] = await db
        .select({ sellerId: products.sellerId, title: products.title })
        .from(products)
        .where(eq(products.id, id));
      return row && { type, id, ownerId: row.sellerId, label: `the listing "${row.title}"`, productTitle: row.title };
    }
    case 'user': {
      const [row] = await db.select({ id: users.id, userName: users.userName }).from(users).where(eq(users.id, id));
      return row && { type, id, ownerId: row.id, label: `the user ${row.userName}` };
    }
    case 'message': {
      const message = await messages.findMessage(db, id);
      // Only a participant of the conversation may report (or even learn of) a message.
      if (!message || (viewerId !== undefined && !message.participantIds.includes(viewerId))) return undefined;
      return { type, id, ownerId: message.authorId, label: 'a message you reported' };
    }
  }
}
