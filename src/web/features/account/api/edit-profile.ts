import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditProfileBody } from '#domain/users/user.schemas.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { sessionQueryKey } from '#web/features/auth/api/session.ts';

export interface AccountAnswer {
  success: true;
  msg: string;
  user: SessionUser;
}

export function editProfile(userId: string, body: EditProfileBody) {
  return apiRequest<AccountAnswer>(`/users/editProfile/${encodeURIComponent(userId)}`, { method: 'PATCH', body });
}

/** Saves the Edit Profile form; the answer is the fresh signed-in user, so the session shows it at once. */
export function useEditProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditProfileBody) => editProfile(userId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(sessionQueryKey, answer.user);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
