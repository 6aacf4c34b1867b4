import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';

export function forgotPassword(email: string): Promise<{ msg: string }> {
  return apiRequest<{ msg: string }>('/auth/forgot-password', { method: 'POST', body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
