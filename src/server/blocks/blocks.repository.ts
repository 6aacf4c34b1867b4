import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { userBlocks, users } from '../db/schema/index.ts';

/** Blocks `blockedId` for `blockerId`; blocking twice changes nothing. */
export async function insertBlock(db: Queryable, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Queryable, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** Whom the user blocked, newest first, for the account page. */
export async function listBlocked(db: Queryable, blockerId: string) {
  return db
    .select({
      id: users.id,
      userName: users.userName,
      profilePictureKey: users.profilePictureKey,
      createdAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}

/** The ids the user blocked: their listings are left out of the user's product lists. */
export async function findBlockedIds(db: Queryable, blockerId: string): Promise<string[]> {
  const rows = await db.select({ id: userBlocks.blockedId }).from(userBlocks).where(eq(userBlocks.blockerId, blockerId));
  return rows.map((row) => row.id);
}
