import { desc, eq } from 'drizzle-orm';
import type { Queryable, Statement, StatementRunner } from '../db/client.ts';
import { wishlistItems } from '../db/schema/index.ts';

/** Ids of the user's wishlisted products, most recently added first, at most `limit` of them. */
export async function findWishlistProductIds(db: Queryable, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
    .limit(limit);
  return rows.map((row) => row.productId);
}

/**
 * The heart pressed on: one statement, so one round trip and no transaction to open. The
 * listing is share-locked while the entry is written (it cannot vanish in between), the entry is
 * written only when the caller is not its seller, and adding it again changes nothing (the
 * primary key is user + product). Answers the seller, or no row for a missing listing.
 */
export function addWishlistItemStatement(userId: string, productId: string): Statement {
  return {
    name: 'wishlist-add',
    text: `with listing as (select seller_id from products where id = $2::uuid for share),
      added as (insert into wishlist_items (user_id, product_id)
        select $1::uuid, $2::uuid from listing where seller_id <> $1::uuid
        on conflict do nothing)
      select seller_id as "sellerId" from listing`,
    values: [userId, productId],
  };
}

/** Adds the entry unless the caller sells the listing: answers its seller, or undefined when there is no such listing. */
export async function addWishlistItem(
  statements: StatementRunner,
  userId: string,
  productId: string,
): Promise<{ sellerId: string } | undefined> {
  const [row] = await statements.runStatement<{ sellerId: string }>(addWishlistItemStatement(userId, productId));
  return row;
}

/**
 * The heart pressed off, in one statement: the entry goes (if it was there) and the answer says
 * whether the listing exists. A missing listing has no entries (they cascade), so nothing is
 * removed in that case either.
 */
export async function removeWishlistItem(statements: StatementRunner, userId: string, productId: string): Promise<boolean> {
  const [row] = await statements.runStatement<{ listingExists: boolean }>({
    name: 'wishlist-remove',
    text: `with removed as (delete from wishlist_items where user_id = $1::uuid and product_id = $2::uuid)
      select exists (select 1 from products where id = $2::uuid) as "listingExists"`,
    values: [userId, productId],
  });
  return row?.listingExists === true;
}
