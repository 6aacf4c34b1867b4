import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ReportTargetType } from '#domain/moderation/moderation.ts';
import type { ReportGroup } from '#domain/moderation/moderation.wire.ts';
import type { Queryable } from '../db/client.ts';
import { conversationMessages, conversations, products, reviews, users } from '../db/schema/index.ts';
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
 * The target of a report. With `viewerId`, a message is found only for a participant of its
 * conversation: nobody else may report it, or learn that it exists.
 */
export async function findReportTarget(
  db: Queryable,
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
      const [row] = await db
        .select({
          authorId: conversationMessages.authorId,
          kind: conversationMessages.kind,
          buyerId: conversations.buyerId,
          sellerId: conversations.sellerId,
          productTitle: conversations.productTitle,
        })
        .from(conversationMessages)
        .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
        .where(eq(conversationMessages.id, id));
      if (!row) return undefined;
      if (viewerId !== undefined && viewerId !== row.buyerId && viewerId !== row.sellerId) return undefined;
      return { type, id, ownerId: row.authorId, label: `a message about "${row.productTitle}"` };
    }
    case 'review': {
      const [row] = await db
        .select({ authorId: reviews.authorId, productTitle: reviews.productTitle, removedAt: reviews.removedAt })
        .from(reviews)
        .where(eq(reviews.id, id));
      // A removed review is no longer shown, so nobody can report it any more.
      if (!row || (viewerId !== undefined && row.removedAt)) return undefined;
      return { type, id, ownerId: row.authorId, label: `a review about "${row.productTitle}"`, productTitle: row.productTitle };
    }
  }
}

/** A reported review as it was shown, for the admin's queue. */
export async function reportedReview(db: Queryable, reviewId: string): Promise<ReportGroup['review']> {
  const [row] = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      productTitle: reviews.productTitle,
      createdAt: reviews.createdAt,
      removedAt: reviews.removedAt,
      authorName: sql<string | null>`(select ${users.userName} from ${users} where ${users.id} = ${reviews.authorId})`,
      subjectName: sql<string | null>`(select ${users.userName} from ${users} where ${users.id} = ${reviews.subjectId})`,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!row) return null;
  return {
    _id: row.id,
    rating: row.rating,
    text: row.text,
    authorName: row.authorName ?? 'Deleted user',
    subjectName: row.subjectName ?? 'Deleted user',
    productTitle: row.productTitle,
    createdAt: row.createdAt.toISOString(),
    removed: row.removedAt !== null,
  };
}

/** Messages shown around a reported one in the admin's queue, on each side. */
const CONTEXT_EACH_SIDE = 3;

/** A reported message as its reporter saw it, with a few messages before and after. */
export async function reportedMessageWithContext(db: Queryable, messageId: string): Promise<ReportGroup['message']> {
  const columns = {
    id: conversationMessages.id,
    conversationId: conversationMessages.conversationId,
    body: conversationMessages.body,
    createdAt: conversationMessages.createdAt,
    authorName: users.userName,
  };
  const [message] = await db
    .select(columns)
    .from(conversationMessages)
    .leftJoin(users, eq(users.id, conversationMessages.authorId))
    .where(eq(conversationMessages.id, messageId));
  if (!message) return null;
  const inConversation = eq(conversationMessages.conversationId, message.conversationId);
  // Compared in the database, at its microsecond precision (a JavaScript Date keeps milliseconds).
  const reported = sql`(select ${conversationMessages.createdAt}, ${conversationMessages.id} from ${conversationMessages} where ${conversationMessages.id} = ${message.id})`;
  const position = sql`(${conversationMessages.createdAt}, ${conversationMessages.id})`;
  const before = sql`${position} < ${reported}`;
  const after = sql`${position} > ${reported}`;
  const [earlier, later] = await Promise.all([
    db
      .select(columns)
      .from(conversationMessages)
      .leftJoin(users, eq(users.id, conversationMessages.authorId))
      .where(and(inConversation, before))
      .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
      .limit(CONTEXT_EACH_SIDE),
    db
      .select(columns)
      .from(conversationMessages)
      .leftJoin(users, eq(users.id, conversationMessages.authorId))
      .where(and(inConversation, after))
      .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id))
      .limit(CONTEXT_EACH_SIDE),
  ]);
  const wire = (row: typeof message) => ({
    _id: row.id,
    body: row.body,
    authorName: row.authorName ?? 'Deleted user',
    createdAt: row.createdAt.toISOString(),
    reported: row.id === message.id,
  });
  return {
    _id: message.id,
    body: message.body,
    authorName: message.authorName ?? 'Deleted user',
    createdAt: message.createdAt.toISOString(),
    context: [...earlier.reverse(), message, ...later].map(wire),
  };
}
