import { z } from 'zod';
import { ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_PAGE_SIZE_MAX } from '../constants.ts';
import { adminMessages as m } from './admin-users.messages.ts';
import { adminUserRowSchema } from './user.wire.ts';

/** Query of GET /users/fetch-users: pages count from 1; 15 rows a page unless asked otherwise. */
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).default(1),
  limit: z.coerce
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(ADMIN_USERS_PAGE_SIZE_MAX, m.limitInvalid)
    .default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = z.object({
  success: z.literal(true),
  users: z.array(adminUserRowSchema),
  totalPages: z.number().int().min(0),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** Pages needed for `total` rows: none for no rows, so the list reads "Page 0 of 0" only when empty. */
export function totalPagesFor(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

/** Rows to skip before a page. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}
