import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userNameFromEmail } from '#domain/users/user.schemas.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { sessionQueryKey } from './session.ts';

export interface RegisterInput {
  email: string;
  password: string;
  phoneNumber: string | null;
  photo: File | null;
}

/** The multipart form of spec 7: userName (from the e-mail), email, password, phoneNumber, images. */
export function register(input: RegisterInput): Promise<{ user: SessionUser; msg: string }> {
  const form = new FormData();
  form.append('userName', userNameFromEmail(input.email));
  form.append('email', input.email);
  form.append('password', input.password);
  form.append('phoneNumber', input.phoneNumber ?? '');
  if (input.photo) form.append('images', input.photo, input.photo.name);
  return apiRequest('/auth/register', { method: 'POST', body: form });
}

/** Registering signs the student in: the session query gets the new user at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
