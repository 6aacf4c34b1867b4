/**
 * Prints EXPLAIN ANALYZE of the conversation queries exactly as the app builds them (inbox, one
 * conversation's page, the unread badge, the blocked-seller filter), against a seeded database:
 *
 *   npm run seed -- --products 20000 --messages 1000000 && node --import tsx scripts/explain-conversations.ts
 *
 * The output is the markdown kept in docs/PERFORMANCE.md.
 */
import { sql } from 'drizzle-orm';
import type { Database, StatementRunner } from '#server/db/client.ts';
import {
  conversationViewStatement,
  findInboxPage,
  inboxPageStatement,
  messagePageStatement,
  unreadCountStatement,
} from '#server/conversations/conversation-reads.ts';
import { listingPageStatement } from '#server/products/listing-statements.ts';
import { type ExplainCase, runExplain } from './explain-runner.ts';

async function one<T>(db: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

async function cases(db: Database, handle: StatementRunner): Promise<ExplainCase[]> {
  // The busiest seller and a typical buyer, and the busiest conversation.
  const seller = await one<{ id: string }>(
    db,
    sql`select seller_id as id from conversations group by seller_id order by count(*) desc limit 1`,
  );
  const buyer = await one<{ id: string }>(db, sql`select buyer_id as id from conversations where buyer_id is not null limit 1`);
  const conversation = await one<{ id: string }>(
    db,
    sql`select conversation_id as id from conversation_messages group by conversation_id order by count(*) desc limit 1`,
  );
  const participant = await one<{ id: string }>(
    db,
    sql`select coalesce(buyer_id, seller_id) as id from conversations where id = ${conversation.id}`,
  );
  const sellerPage = await findInboxPage(handle, seller.id, 21);
  const middle = await one<{ id: string }>(
    db,
    sql`select id from conversation_messages where conversation_id = ${conversation.id} order by created_at desc, id desc offset 5 limit 1`,
  );
  const blocked = await one<{ id: string }>(db, sql`select seller_id as id from products group by seller_id limit 1`);
  return [
    { name: "Inbox: the busiest seller's first page (20)", query: inboxPageStatement(seller.id, 21) },
    { name: "Inbox: the busiest seller's next page (cursor)", query: inboxPageStatement(seller.id, 21, sellerPage[19]!.id) },
    { name: "Inbox: a buyer's first page (20)", query: inboxPageStatement(buyer.id, 21) },
    {
      name: 'Conversation header (listing, other person, last message, blocks)',
      query: conversationViewStatement(seller.id, sellerPage[0]!.id),
    },
    { name: 'Conversation: newest page of 30 messages', query: messagePageStatement(conversation.id, participant.id, 31) },
    {
      name: 'Conversation: older page (cursor)',
      query: messagePageStatement(conversation.id, participant.id, 31, middle.id),
    },
    {
      name: "Unread badge: the busiest seller's total",
      query: unreadCountStatement(seller.id),
    },
    {
      name: 'Products: newest 24, one blocked seller left out',
      query: listingPageStatement({ categories: [], hiddenSellerIds: [blocked.id] }, 'newest', { offset: 0, limit: 25 }),
    },
  ];
}

runExplain(cases);
