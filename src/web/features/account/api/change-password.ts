import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#domain/users/user.schemas.ts';
import { apiRequest } from '#web/api/api-client.ts';

export function changePassword(userId: string, body: ChangePasswordBody) {
  return apiRequest<{ success: true; msg: string }>(`/users/changePassword/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body,
  });
}

/** Changes the password; the server signs every other browser of this user out and keeps this one. */
export function useChangePassword(userId: string) {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => changePassword(userId, body) });
}
