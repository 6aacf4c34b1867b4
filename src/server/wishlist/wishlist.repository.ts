import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { products, wishlistItems } from '../db/schema/index.ts';

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

/** The product's seller, share-locked so the product cannot vanish before the entry is written. */
export async function lockProductSeller(db: Queryable, productId: string): Promise<{ sellerId: string } | undefined> {
  const [row] = await db.select({ sellerId: products.sellerId }).from(products).where(eq(products.id, productId)).for('share');
  return row;
}

/** Adds the entry; adding it again changes nothing (the primary key is user + product). */
export async function addWishlistItem(db: Queryable, userId: string, productId: string): Promise<void> {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

export async function removeWishlistItem(db: Queryable, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

export async function productExists(db: Queryable, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return Boolean(row);
}
