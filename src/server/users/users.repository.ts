import { count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { emailCodes, emailVerifications, productImages, products, users } from '../db/schema/index.ts';
import type { UserRow } from './user.mapper.ts';

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

/** ADMIN_EMAILS is the source of admins: accounts with those addresses are promoted at start. */
export async function promoteConfiguredAdmins(db: Queryable, adminEmails: string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  await db.update(users).set({ isAdmin: true }).where(inArray(users.email, adminEmails));
}

export type NewUserRow = typeof users.$inferInsert;

/** Inserts an account; the unique index on email refuses a second one (see db/errors.ts). */
export async function insertUserRow(db: Queryable, user: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

/** Counts a failed login and answers the new count. */
export async function recordFailedLogin(db: Queryable, id: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, id))
    .returning({ failedLoginCount: users.failedLoginCount });
  return row?.failedLoginCount ?? 0;
}

/** Holds further logins of the account back until then (never shortening a longer hold). */
export async function blockLoginUntil(db: Queryable, id: string, until: Date): Promise<void> {
  await db
    .update(users)
    .set({
      loginBlockedUntil: sql`greatest(coalesce(${users.loginBlockedUntil}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, id));
}

export async function clearLoginFailures(db: Queryable, id: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, loginBlockedUntil: null }).where(eq(users.id, id));
}

/** A new password also lifts any login back-off: the owner proved who they are. */
export async function setPasswordHash(db: Queryable, id: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, loginBlockedUntil: null, updatedAt: now })
    .where(eq(users.id, id));
}

export interface ProfileChanges {
  userName?: string | undefined;
  phoneNumber?: string | null | undefined;
  gender?: UserRow['gender'] | undefined;
}

export async function updateProfile(db: Queryable, id: string, changes: ProfileChanges, now: Date): Promise<UserRow> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [user] = await db
    .update(users)
    .set({ ...defined, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return user!;
}

/** Locks the user's row for the rest of the transaction, so concurrent changes queue behind it. */
export async function lockUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return user;
}

export async function setProfilePictureKey(db: Queryable, id: string, key: string, now: Date): Promise<UserRow> {
  const [user] = await db.update(users).set({ profilePictureKey: key, updatedAt: now }).where(eq(users.id, id)).returning();
  return user!;
}

/** One page of the admin's user list, newest first, without the admin who asks. */
export async function listUsersExcept(db: Queryable, excludedId: string, limit: number, offset: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(ne(users.id, excludedId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function countUsersExcept(db: Queryable, excludedId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(ne(users.id, excludedId));
  return Number(row?.total ?? 0);
}

/**
 * Deletes the photos rows of every listing of a seller and answers their storage keys (both
 * variants), so the files can be removed once the transaction has committed.
 */
export async function deleteListingImagesOf(db: Queryable, sellerId: string): Promise<string[]> {
  const sellerProducts = db.select({ id: products.id }).from(products).where(eq(products.sellerId, sellerId));
  const removed = await db
    .delete(productImages)
    .where(inArray(productImages.productId, sellerProducts))
    .returning({ full: productImages.storageKey, card: productImages.cardStorageKey });
  return removed.flatMap((image) => [image.full, image.card]);
}

/** Whether the user sells (or sold) anything. */
export async function hasListings(db: Queryable, sellerId: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.sellerId, sellerId)).limit(1);
  return row !== undefined;
}

export async function countListingsOf(db: Queryable, sellerId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(eq(products.sellerId, sellerId));
  return Number(row?.total ?? 0);
}

/**
 * Deletes the user; the foreign keys cascade to their listings (and through them to photos,
 * wishlist entries and buy requests on those listings), their own wishlist entries, buy
 * requests and sessions. Listings they bought keep existing with no buyer.
 */
export async function deleteUser(db: Queryable, id: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

/** One-time codes and verifications of an address carry no foreign key; they go with the account. */
export async function deleteEmailTrail(db: Queryable, email: string): Promise<void> {
  await db.delete(emailCodes).where(eq(emailCodes.email, email));
  await db.delete(emailVerifications).where(eq(emailVerifications.email, email));
}
