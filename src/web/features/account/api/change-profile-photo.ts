import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';
import { sessionQueryKey } from '#web/features/auth/api/session.ts';
import type { AccountAnswer } from './edit-profile.ts';

/** The photo travels as the multipart field `images`, as at registration. */
export function changeProfilePhoto(userId: string, photo: Blob) {
  const body = new FormData();
  body.append('images', photo, 'profile-photo.jpg');
  return apiRequest<AccountAnswer>(`/users/profilePicture/${encodeURIComponent(userId)}`, { method: 'PATCH', body });
}

export function useChangeProfilePhoto(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: Blob) => changeProfilePhoto(userId, photo),
    onSuccess: (answer) => {
      queryClient.setQueryData(sessionQueryKey, answer.user);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
