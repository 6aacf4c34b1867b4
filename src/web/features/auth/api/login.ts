import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '#domain/users/user.schemas.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { sessionQueryKey } from './session.ts';

export function login(credentials: LoginBody): Promise<{ user: SessionUser; msg: string }> {
  return apiRequest('/auth/login', { method: 'POST', body: { ...credentials } });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      // Whatever was cached belonged to the previous visitor of this browser.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}
