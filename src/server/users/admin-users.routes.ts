import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { adminUsersPageSchema, adminUsersQuerySchema, pageOffset, totalPagesFor } from '#domain/users/admin-users.ts';
import type { AdminUserRow } from '#domain/users/user.wire.ts';
import { maskEmail, maskPhone } from '#domain/users/masking.ts';
import { currentUser } from '../auth/authenticate.ts';
import { idParam } from '../http/ids.ts';
import type { Storage } from '../storage/storage.ts';
import { deleteUserAccount } from './account-deletion.ts';
import { profilePictureOf, type UserRow } from './user.mapper.ts';
import { countUsersExcept, listUsersExcept } from './users.repository.ts';

/** A row of User Management: contact details masked here, so raw ones never reach the admin's browser. */
function toAdminUserRow(user: UserRow, storage: Storage): AdminUserRow {
  return {
    _id: user.id,
    userName: user.userName,
    email: maskEmail(user.email),
    phoneNumber: maskPhone(user.phoneNumber),
    gender: user.gender,
    isAdmin: user.isAdmin,
    profilePicture: profilePictureOf(user, storage),
    createdAt: user.createdAt.toISOString(),
  };
}

/** The admin's user calls (spec 6: admins view paginated users and delete any user but themselves). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fetch-users',
    {
      config: { auth: 'admin' },
      schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } },
    },
    async (request) => {
      const admin = currentUser(request);
      const { page, limit } = request.query;
      // The admin who asks is not in their own list: there is nothing they may do to that row.
      const [rows, total] = await Promise.all([
        listUsersExcept(app.db, admin.id, limit, pageOffset(page, limit)),
        countUsersExcept(app.db, admin.id),
      ]);
      return {
        success: true as const,
        users: rows.map((user) => toAdminUserRow(user, app.storage)),
        totalPages: totalPagesFor(total, limit),
      };
    },
  );

  app.post(
    '/delete-account/:id',
    {
      config: { auth: 'admin', notFoundMessage: profileMessages.notFound },
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: z.object({ success: z.literal(true), msg: z.string() }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await deleteUserAccount(app, currentUser(request), id);
      return { success: true as const, msg: adminMessages.userDeleted };
    },
  );
};
