import { sql } from 'drizzle-orm';
import type { SavedSearchFrequency } from '#domain/alerts/saved-search.schemas.ts';
import type { Queryable } from '../db/client.ts';
import { type NotificationRecipient, type NotifyContext, notify } from '../notifications/notify.ts';
import type { AlertListing } from './listing-events.ts';

/** A saved search a listing matches, with its owner. */
export interface SavedSearchMatch {
  savedSearchId: string;
  savedSearchName: string;
  frequency: SavedSearchFrequency;
  userId: string;
  email: string;
  userName: string;
}

/** The text that chooses a listing's saved searches: also what scripts/bench-saved-searches.ts explains. */
export function matchingSavedSearchesQuery(
  listing: Pick<AlertListing, 'sellerId' | 'title' | 'price' | 'category' | 'condition'>,
) {
  return sql`
    select s.id as "savedSearchId", s.name as "savedSearchName", s.frequency, u.id as "userId", u.email, u.user_name as "userName"
    from saved_searches s join users u on u.id = s.user_id
    where s.categories && array[${listing.category}, '*']::text[]
      and (cardinality(s.conditions) = 0 or ${listing.condition}::text = any(s.conditions))
      and (s.min_price is null or s.min_price <= ${listing.price}::numeric)
      and (s.max_price is null or s.max_price >= ${listing.price}::numeric)
      and (s.q is null or strpos(${listing.title.toLowerCase()}::text, s.q) > 0)
      and s.user_id <> ${listing.sellerId}::uuid
      and u.banned_at is null
      and not exists (
        select 1 from user_blocks b
        where (b.blocker_id = s.user_id and b.blocked_id = ${listing.sellerId}::uuid)
           or (b.blocker_id = ${listing.sellerId}::uuid and b.blocked_id = s.user_id)
      )
    order by u.id, s.created_at, s.id`;
}

/**
 * The saved searches a listing matches, by the rules of the Products list (matchesCriteria in
 * src/domain/alerts/saved-search.schemas.ts): the GIN index on categories picks the searches of the
 * listing's category or of every category; the other criteria filter those few.
 */
export async function findMatchingSavedSearches(db: Queryable, listing: AlertListing): Promise<SavedSearchMatch[]> {
  const result = (await db.execute(matchingSavedSearchesQuery(listing))) as unknown as { rows: SavedSearchMatch[] };
  return result.rows;
}

/**
 * Tells the owners of the saved searches a listing matches: one notification per student and
 * listing however many of their searches match, never twice for the same search and listing
 * (saved_search_matches; a renewal — `fresh` — starts over). Mailed at once when one of the
 * matching searches asks for that; daily searches' matches wait for the digest.
 */
export async function alertSavedSearches(tx: Queryable, ctx: NotifyContext, listing: AlertListing, options: { fresh: boolean }) {
  if (options.fresh) await tx.execute(sql`delete from saved_search_matches where product_id = ${listing.id}`);
  const matches = await findMatchingSavedSearches(tx, listing);
  const byUser = new Map<string, SavedSearchMatch[]>();
  for (const match of matches) byUser.set(match.userId, [...(byUser.get(match.userId) ?? []), match]);
  for (const [userId, searches] of byUser) {
    const fresh: SavedSearchMatch[] = [];
    for (const search of searches) {
      const inserted = (await tx.execute(sql`
        insert into saved_search_matches (saved_search_id, product_id, user_id, digested_at)
        values (${search.savedSearchId}, ${listing.id}, ${userId}, ${search.frequency === 'daily' ? null : sql`now()`})
        on conflict do nothing
        returning saved_search_id`)) as unknown as { rows: unknown[] };
      if (inserted.rows.length > 0) fresh.push(search);
    }
    const first = fresh[0];
    if (!first) continue;
    const instant = fresh.some((search) => search.frequency === 'instant');
    // Mailed now: tomorrow's digest leaves it out.
    if (instant) {
      await tx.execute(
        sql`update saved_search_matches set digested_at = now() where product_id = ${listing.id} and user_id = ${userId} and digested_at is null`,
      );
    }
    const to: NotificationRecipient = { id: userId, email: first.email, userName: first.userName };
    await notify(tx, ctx, {
      to,
      kind: 'saved-search.match',
      payload: {
        productId: listing.id,
        productTitle: listing.title,
        price: listing.price,
        savedSearchId: first.savedSearchId,
        savedSearchName: first.savedSearchName,
      },
      mail: instant ? {} : false,
    });
  }
}
