import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '#domain/users/auth.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { changePasswordBodySchema, editProfileBodySchema } from '#domain/users/user.schemas.ts';
import { publicUserSchema, sessionUserSchema } from '#domain/users/user.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/passwords.ts';
import { readDeviceCookie } from '../auth/device-cookie.ts';
import { forgetUserDevices } from '../auth/known-devices.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { idParam } from '../http/ids.ts';
import { type RateLimitRule, enforceRateLimits } from '../http/rate-limit.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { removeFilesQuietly } from './account-deletion.ts';
import { readProfilePhoto, storeProfilePhoto } from './profile-photo.ts';
import { type UserRow, toPublicUser, toSessionUser } from './user.mapper.ts';
import { findUserById, hasListings, lockUser, setPasswordHash, setProfilePictureKey, updateProfile } from './users.repository.ts';

/**
 * Checking the current password is a password oracle for whoever holds a stolen session; a
 * person changing their own password needs a handful of tries, a guesser needs thousands.
 */
export const CHANGE_PASSWORD_PER_USER: RateLimitRule = {
  name: 'change-password:user',
  limit: 10,
  windowMs: 15 * 60_000,
  message: authMessages.tooManyRequestsRetry,
};

/** Each new profile photo is decoded and re-encoded; a person changes theirs a few times at most. */
export const PROFILE_PHOTO_CHANGES_PER_USER: RateLimitRule = {
  name: 'profile-photo:user',
  limit: 20,
  windowMs: 60 * 60_000,
  message: authMessages.tooManyRequestsRetry,
};

/** The caller, when the path names them; nobody edits another user's account (403). */
function requireSelf(request: FastifyRequest, userId: string): UserRow {
  const user = currentUser(request);
  if (userId !== user.id) throw forbidden(authMessages.onlyOwnAccount);
  return user;
}

const userIdParams = z.object({ userId: idParam });
/** A path id that is no id names no user. */
const userRoute = { notFoundMessage: profileMessages.notFound };
const messageAnswer = z.object({ success: z.literal(true), msg: z.string() });
const sessionUserAnswer = messageAnswer.extend({ user: sessionUserSchema });

/** Routes of the users feature (spec section 7): profiles, own account, and the admin's calls. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/userProfile/:id',
    {
      config: userRoute,
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: z.object({ success: z.literal(true), user: publicUserSchema }) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const user = await findUserById(app.db, request.params.id);
      if (!user) throw notFound(profileMessages.notFound);
      // A seller's contact is on every product card of theirs anyway; a buyer's or an admin's is nobody's business.
      const withContact = user.id === caller.id || (await hasListings(app.db, user.id));
      return { success: true as const, user: toPublicUser(user, app.storage, { withContact }) };
    },
  );

  app.patch(
    '/editProfile/:userId',
    { config: userRoute, schema: { params: userIdParams, body: editProfileBodySchema, response: { 200: sessionUserAnswer } } },
    async (request) => {
      const caller = requireSelf(request, request.params.userId);
      const { email, userName, phoneNumber, gender } = request.body;
      if (email !== undefined && email.trim().toLowerCase() !== caller.email) {
        throw badRequest(validationMessages.emailCannotChange);
      }
      const user = await updateProfile(app.db, caller.id, { userName, phoneNumber, gender }, app.clock.now());
      // The cached session carries the user row: this instance rereads it at once, the others on the event.
      app.sessionCache.dropUser(caller.id);
      return { success: true as const, msg: profileMessages.updated, user: toSessionUser(user, app.storage) };
    },
  );

  app.patch(
    '/changePassword/:userId',
    { config: userRoute, schema: { params: userIdParams, body: changePasswordBodySchema, response: { 200: messageAnswer } } },
    async (request) => {
      const caller = requireSelf(request, request.params.userId);
      const { oldPassword, password } = request.body;
      await enforceRateLimits(app.db, app.clock, [{ rule: CHANGE_PASSWORD_PER_USER, subject: caller.id }]);
      if (!(await verifyPassword(caller.passwordHash, oldPassword))) {
        throw badRequest(profileMessages.wrongCurrentPassword);
      }
      if (isCommonPassword(password)) throw badRequest(validationMessages.passwordTooCommon);
      const passwordHash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        await setPasswordHash(tx, caller.id, passwordHash, app.clock.now());
        // Anyone else signed in as this user (a stolen session, a forgotten laptop) is signed out,
        // and other browsers lose their known-device standing; this browser keeps both.
        await revokeUserSessions(tx, caller.id, request.sessionTokenHash ?? undefined);
        await forgetUserDevices(tx, caller.id, readDeviceCookie(request, app.config));
      });
      app.sessionCache.dropUser(caller.id);
      return { success: true as const, msg: profileMessages.passwordUpdated };
    },
  );

  app.patch(
    '/profilePicture/:userId',
    { config: userRoute, schema: { params: userIdParams, response: { 200: sessionUserAnswer } } },
    async (request) => {
      const caller = requireSelf(request, request.params.userId);
      const newKey = await app.uploadSlots.run(caller.id, async () => {
        await enforceRateLimits(app.db, app.clock, [{ rule: PROFILE_PHOTO_CHANGES_PER_USER, subject: caller.id }]);
        return storeProfilePhoto(app.storage, app.imageQueue, await readProfilePhoto(request));
      });
      let previousKey: string | null;
      let user: UserRow;
      try {
        ({ previousKey, user } = await app.db.transaction(async (tx) => {
          const current = await lockUser(tx, caller.id);
          const updated = await setProfilePictureKey(tx, caller.id, newKey, app.clock.now());
          return { previousKey: current?.profilePictureKey ?? null, user: updated };
        }));
      } catch (error) {
        await removeFilesQuietly(app, [newKey]);
        throw error;
      }
      app.sessionCache.dropUser(caller.id);
      if (previousKey) await removeFilesQuietly(app, [previousKey]);
      return { success: true as const, msg: profileMessages.photoUpdated, user: toSessionUser(user, app.storage) };
    },
  );

  await app.register(adminUsersRoutes);
};
