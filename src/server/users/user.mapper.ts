import type { PublicUser, SessionUser } from '#domain/users/user.wire.ts';
import type { users } from '../db/schema/index.ts';
import type { Storage } from '../storage/storage.ts';

export type UserRow = typeof users.$inferSelect;

export function profilePictureOf(user: Pick<UserRow, 'profilePictureKey'>, storage: Storage) {
  return { url: user.profilePictureKey ? storage.urlFor(user.profilePictureKey) : storage.defaultAvatarUrl };
}

/** The signed-in user as the wire carries it; userId is the auth identity, the same id. */
export function toSessionUser(user: UserRow, storage: Storage): SessionUser {
  return {
    _id: user.id,
    userId: user.id,
    userName: user.userName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    gender: user.gender,
    isAdmin: user.isAdmin,
    profilePicture: profilePictureOf(user, storage),
    createdAt: user.createdAt.toISOString(),
  };
}

/** A profile as others see it; `withContact` decides whether e-mail and phone are in it. */
export function toPublicUser(user: UserRow, storage: Storage, { withContact }: { withContact: boolean }): PublicUser {
  return {
    _id: user.id,
    userName: user.userName,
    email: withContact ? user.email : null,
    phoneNumber: withContact ? user.phoneNumber : null,
    gender: user.gender,
    profilePicture: profilePictureOf(user, storage),
    createdAt: user.createdAt.toISOString(),
  };
}
