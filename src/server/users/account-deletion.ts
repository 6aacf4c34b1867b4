import type { FastifyInstance } from 'fastify';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { UserRow } from './user.mapper.ts';
import { countListingsOf, deleteEmailTrail, deleteListingImagesOf, deleteUser, lockUser } from './users.repository.ts';

/**
 * An admin deletes a user with everything that is theirs. One transaction removes the rows (the
 * foreign keys cascade; see deleteUser) and writes the audit record; the files go after it
 * commits, so a rollback never leaves a listing pointing at a missing photo.
 */
export async function deleteUserAccount(app: FastifyInstance, admin: UserRow, userId: string): Promise<void> {
  if (userId === admin.id) throw forbidden(adminMessages.cannotDeleteSelf);
  const fileKeys = await app.db.transaction(async (tx) => {
    // Locking the row first makes a concurrent new listing of this user wait, then fail its foreign key.
    const target = await lockUser(tx, userId);
    if (!target) throw notFound(profileMessages.notFound);
    const listings = await countListingsOf(tx, userId);
    const photoKeys = await deleteListingImagesOf(tx, userId);
    await deleteUser(tx, userId);
    await deleteEmailTrail(tx, target.email);
    await recordAudit(tx, admin, {
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      details: { userName: target.userName, email: target.email, listingsDeleted: listings },
    });
    return target.profilePictureKey ? [...photoKeys, target.profilePictureKey] : photoKeys;
  });
  app.sessionCache.dropUser(userId);
  await removeFilesQuietly(app, fileKeys);
}

/** The rows are gone either way; a file that cannot be removed now is logged for cleanup, not an error. */
export async function removeFilesQuietly(app: FastifyInstance, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await app.storage.remove(keys);
  } catch (error) {
    app.log.warn({ err: error, keys }, 'could not remove stored files');
  }
}
