import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';

export function resetPassword(input: { email: string; code: string; password: string }): Promise<{ msg: string }> {
  return apiRequest<{ msg: string }>('/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
