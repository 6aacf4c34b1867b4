import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/api/api-client.ts';

export interface SendCodeAnswer {
  msg: string;
  alreadyVerified: boolean;
  userExists: boolean;
}

/** Mails a registration code (409 'User Already Exists' arrives as an ApiError). */
export function sendCode(email: string): Promise<SendCodeAnswer> {
  return apiRequest<SendCodeAnswer>('/auth/send-code', { method: 'POST', body: { email } });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
