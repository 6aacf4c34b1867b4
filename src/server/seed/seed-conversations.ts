import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from './seed-catalogue.ts';

/** Messages per generated conversation: 1,000,000 messages make 100,000 conversations. */
const MESSAGES_PER_CONVERSATION = 10;
/** Conversations written per statement: big enough to be quick, small enough for PGlite's memory. */
const CONVERSATION_BATCH = 20_000;

export interface ConversationSeedContext {
  db: Database;
  progress(line: string): void;
}

/**
 * Adds about `messages` messages for load tests, in conversations of ten between generated buyers
 * and the catalogue's listings, entirely in SQL (generate_series), so a million take minutes:
 * buyer i % B asks about listing (i / B) % P, which keeps (listing, buyer) unique.
 * Answers the number of messages added.
 */
export async function seedConversations(ctx: ConversationSeedContext, messages: number): Promise<number> {
  const perConversation = Math.min(MESSAGES_PER_CONVERSATION, messages);
  const conversationCount = Math.ceil(messages / perConversation);
  const productCount = Number(
    ((await ctx.db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] }).rows[0]?.n ??
      0,
  );
  if (productCount === 0) throw new Error('seed the catalogue first: conversations are about listings');
  // About 100 conversations per buyer, and never more conversations than (listing, buyer) pairs.
  const buyerCount = Math.max(Math.ceil(conversationCount / 100), Math.ceil(conversationCount / productCount) + 1);
  const tag = Date.now().toString(36);

  ctx.progress(`Creating ${buyerCount} buyers…`);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.execute(sql`
    insert into users (user_name, email, password_hash)
    select 'buyer' || g, ${`msg-${tag}-`} || g || ${`@${DEMO_EMAIL_DOMAIN}`}, ${passwordHash}
      from generate_series(1, ${buyerCount}::int) g`);

  for (let done = 0; done < conversationCount; done += CONVERSATION_BATCH) {
    const batch = Math.min(CONVERSATION_BATCH, conversationCount - done);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`
        with b as (
          select id, row_number() over (order by id) - 1 as rn from users where email like ${`msg-${tag}-%`}
        ), p as (
          select id, seller_id, title, price, row_number() over (order by id) - 1 as rn from products
        ), g as (
          select g, now() - (g * interval '23 seconds') as started from generate_series(${done}::int, ${done + batch - 1}::int) g
        )
        insert into conversations (product_id, buyer_id, seller_id, product_title, product_price, last_message_at,
                                   buyer_last_read_at, seller_last_read_at, seller_unread, created_at)
        select p.id, b.id, p.seller_id, p.title, p.price,
               g.started + ${perConversation - 1}::int * interval '1 minute',
               g.started + ${perConversation - 1}::int * interval '1 minute',
               case when g.g % 3 = 0 then g.started else g.started + ${perConversation - 1}::int * interval '1 minute' end,
               case when g.g % 3 = 0 then ${perConversation - 1}::int else 0 end,
               g.started
          from g
          join b on b.rn = g.g % ${buyerCount}::int
          join p on p.rn = (g.g / ${buyerCount}::int) % ${productCount}::int`);
      await tx.execute(sql`
        insert into conversation_messages (conversation_id, author_id, kind, body, created_at)
        select c.id, case when m % 2 = 0 then c.buyer_id else c.seller_id end, 'text',
               (array['Is it still available?', 'Yes, it is.', 'Can you do a bit less?', 'Meet at the library at 5?',
                      'Sure, see you there.'])[1 + m % 5] || ' (' || m || ')',
               c.created_at + m * interval '1 minute'
          from conversations c
          join users u on u.id = c.buyer_id and u.email like ${`msg-${tag}-%`}
          cross join generate_series(0, ${perConversation - 1}::int) m
         where c.last_message_id is null`);
      await tx.execute(sql`
        update conversations c set last_message_id = (
          select m.id from conversation_messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1)
         where c.last_message_id is null`);
    });
    ctx.progress(`  ${(done + batch) * perConversation} / ${conversationCount * perConversation} messages`);
  }
  ctx.progress('Refreshing planner statistics…');
  await ctx.db.execute(sql`vacuum analyze conversations`);
  await ctx.db.execute(sql`vacuum analyze conversation_messages`);
  return conversationCount * perConversation;
}
