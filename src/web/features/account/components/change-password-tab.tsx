import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import type { z } from 'zod';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { changePasswordFormSchema } from '#domain/users/user.schemas.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { useChangePassword } from '../api/change-password.ts';
import { PasswordInput } from './password-input.tsx';
import { SectionCard } from './section-card.tsx';

type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
const EMPTY: ChangePasswordForm = { oldPassword: '', password: '', confirmPassword: '' };

/** Change Password tab (spec 5): every rule checked as the user types, and again on submit. */
export function ChangePasswordTab() {
  const id = useId();
  const user = useCurrentUser();
  const change = useChangePassword(user._id);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onValid = ({ oldPassword, password }: ChangePasswordForm) =>
    change.mutate(
      { oldPassword, password },
      {
        onSuccess: (answer) => {
          toast.success(answer.msg || profileMessages.passwordUpdated);
          form.reset(EMPTY);
        },
        onError: (error) => toast.error(messageOf(error, profileMessages.passwordUpdateFailed)),
      },
    );

  // Spec 5: a mismatch found on submit is also announced in a toast.
  const onInvalid = (invalid: FieldErrors<ChangePasswordForm>) => {
    if (invalid.confirmPassword?.message === validationMessages.passwordsDoNotMatch) {
      toast.error(validationMessages.newPasswordMismatchOnSubmit);
    }
  };

  const fieldProps = (name: keyof ChangePasswordForm) => ({
    id: `${id}-${name}`,
    ...form.register(name),
  });

  return (
    <SectionCard
      title="Change Password"
      description="Use at least 8 characters with a number and a symbol. Other devices signed in to your account will be signed out."
    >
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="max-w-md space-y-4">
        <Field id={`${id}-oldPassword`} label="Current password" error={errors.oldPassword?.message}>
          <PasswordInput autoComplete="current-password" {...fieldProps('oldPassword')} />
        </Field>
        <Field id={`${id}-password`} label="New password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...fieldProps('password')} />
        </Field>
        <Field id={`${id}-confirmPassword`} label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...fieldProps('confirmPassword')} />
        </Field>
        <Button type="submit" busy={change.isPending} className="w-full sm:w-auto">
          {change.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </SectionCard>
  );
}
