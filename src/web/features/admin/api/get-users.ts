import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_USERS_PAGE_SIZE } from '#domain/constants.ts';
import type { AdminUsersPage } from '#domain/users/admin-users.ts';
import { apiRequest } from '#web/api/api-client.ts';

export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  page: (page: number) => ['admin', 'users', page] as const,
};

export function fetchAdminUsers(page: number, signal?: AbortSignal) {
  return apiRequest<AdminUsersPage>('/users/fetch-users', { query: { page, limit: ADMIN_USERS_PAGE_SIZE }, signal });
}

/** One page of User Management; the previous page stays on screen while the next one loads. */
export function useAdminUsers(page: number) {
  return useQuery({
    queryKey: adminUsersKeys.page(page),
    queryFn: ({ signal }) => fetchAdminUsers(page, signal),
    placeholderData: keepPreviousData,
  });
}
