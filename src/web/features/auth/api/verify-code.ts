import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';

export function verifyCode(input: { email: string; code: string }): Promise<{ msg: string }> {
  return apiRequest<{ msg: string }>('/auth/verify-code', { method: 'POST', body: input });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
