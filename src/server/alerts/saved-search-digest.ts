import { sql } from 'drizzle-orm';
import type { SavedSearch, SavedSearchCriteria } from '#domain/alerts/saved-search.schemas.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { type MailQueueContext, queueMail } from '../mail/outbox.ts';
import type { DigestSection } from '../mail/templates/alert-mails.ts';
import { wantsEmail } from '../notifications/notifications.repository.ts';
import { toSavedSearchWire } from './saved-searches.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** The daily mail of each student's saved-search matches. */
    'saved-searches.digest': Record<string, never>;
  }
}

export interface DigestContext extends MailQueueContext {
  db: Database;
  clock: Clock;
}

interface PendingMatch {
  savedSearchId: string;
  name: string;
  criteria: SavedSearchCriteria;
  frequency: SavedSearch['frequency'];
  searchCreatedAt: Date;
  productId: string;
  title: string;
  price: number;
  stillListed: boolean;
  email: string;
  userName: string;
}

/**
 * One student's digest, in one transaction: every match not yet mailed is marked digested, and
 * those still listed (not sold, expired or hidden) make one mail grouped by saved search, unless the
 * student turned these mails off. The mail's event key is the student and the day, so a second run
 * the same day sends nothing new.
 */
async function digestFor(ctx: DigestContext, userId: string, day: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      select s.id as "savedSearchId", s.name, s.criteria, s.frequency, s.created_at as "searchCreatedAt",
        p.id as "productId", p.title, p.price::float8 as price, (not p.sold_out and not p.hidden) as "stillListed",
        u.email, u.user_name as "userName"
      from saved_search_matches m
      join saved_searches s on s.id = m.saved_search_id
      join products p on p.id = m.product_id
      join users u on u.id = m.user_id
      where m.user_id = ${userId} and m.digested_at is null
      order by s.created_at, s.id, m.created_at, p.id
      for update of m`)) as unknown as { rows: PendingMatch[] };
    const rows = result.rows;
    if (rows.length === 0) return false;
    await tx.execute(sql`update saved_search_matches set digested_at = now() where user_id = ${userId} and digested_at is null`);
    const sections = new Map<string, DigestSection>();
    for (const row of rows) {
      if (!row.stillListed || row.frequency !== 'daily') continue;
      const wire = toSavedSearchWire({
        id: row.savedSearchId,
        name: row.name,
        criteria: row.criteria,
        frequency: row.frequency,
        createdAt: new Date(row.searchCreatedAt),
      } as Parameters<typeof toSavedSearchWire>[0]);
      const section = sections.get(row.savedSearchId) ?? { savedSearch: wire, listings: [] };
      // A listing shows once per mail, under the first search it matched.
      if ([...sections.values()].some((s) => s.listings.some((l) => l.productId === row.productId))) continue;
      section.listings.push({ productId: row.productId, title: row.title, price: row.price });
      sections.set(row.savedSearchId, section);
    }
    const first = rows[0]!;
    if (sections.size === 0 || !(await wantsEmail(tx, userId, 'saved-search.match'))) return false;
    return queueMail(tx, ctx, {
      kind: 'saved-search.digest',
      to: first.email,
      userId,
      data: { recipientName: first.userName, sections: [...sections.values()] },
      eventKey: `saved-search-digest:${userId}:${day}`,
    });
  });
}

/** Sends the day's digests: one mail per student with new matches of daily saved searches. */
export async function sendSavedSearchDigests(ctx: DigestContext): Promise<number> {
  const day = ctx.clock.now().toISOString().slice(0, 10);
  const result = (await ctx.db.execute(sql`
    select distinct m.user_id as "userId" from saved_search_matches m where m.digested_at is null`)) as unknown as {
    rows: { userId: string }[];
  };
  let sent = 0;
  for (const { userId } of result.rows) if (await digestFor(ctx, userId, day)) sent += 1;
  return sent;
}
