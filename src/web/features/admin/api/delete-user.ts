import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';
import { invalidateProductData } from '#web/features/products/api/invalidate.ts';
import { userProfileKey } from '#web/features/profile/api/get-user-profile.ts';
import { adminUsersKeys } from './get-users.ts';

/** Wishlists hold products of the deleted user too (spec 4: wishlist-related data reloads). */
const WISHLIST_KEY_ROOT = ['wishlist'] as const;

export function deleteUser(userId: string) {
  return apiRequest<{ success: true; msg: string }>(`/users/delete-account/${encodeURIComponent(userId)}`, {
    method: 'POST',
  });
}

/** Deletes a user with everything theirs; every list that could show them or their listings reloads. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, userId) => {
      queryClient.removeQueries({ queryKey: userProfileKey(userId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
        queryClient.invalidateQueries({ queryKey: WISHLIST_KEY_ROOT }),
        invalidateProductData(queryClient),
      ]);
    },
  });
}
