import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { z } from 'zod';
import { OTP_LENGTH } from '#domain/constants.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { emailSchema, passwordSchema } from '#domain/users/user.schemas.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import { useForgotPassword } from './api/forgot-password.ts';
import { useResetPassword } from './api/reset-password.ts';
import { AuthCard } from './components/auth-card.tsx';
import { CodeInput, emptyCode } from './components/code-input.tsx';
import { NewPasswordFields } from './components/new-password-fields.tsx';

const requestSchema = z.object({ email: emailSchema });
const resetFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: validationMessages.passwordsMustMatch,
    path: ['confirmPassword'],
  });

/** Forgotten password: a code to the e-mail, then the code with a new password. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      title="Forgot password"
      subtitle={
        email
          ? `Enter the code we e-mailed to ${email} and choose a new password.`
          : 'We will e-mail you a code to choose a new password.'
      }
      footer={
        <Link to={paths.auth.login} className="font-semibold text-brand-700 hover:underline">
          Back to Login
        </Link>
      }
    >
      {email ? <ResetStep email={email} onRestart={() => setEmail(null)} /> : <RequestStep onSent={setEmail} />}
    </AuthCard>
  );
}

function RequestStep({ onSent }: { onSent: (email: string) => void }) {
  const request = useForgotPassword();
  const form = useForm<z.input<typeof requestSchema>, unknown, z.output<typeof requestSchema>>({
    resolver: zodResolver(requestSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;
  const onSubmit = form.handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: ({ msg }) => {
        toast.success(msg || authMessages.resetCodeSent);
        onSent(email);
      },
      onError: (failure) => toast.error(serverOrNetworkMessageOf(failure, authMessages.otpSendFailed)),
    }),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <Field id="forgot-email" label="Email" error={error}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@institute.edu"
          {...form.register('email')}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" busy={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send code'}
      </Button>
    </form>
  );
}

function ResetStep({ email, onRestart }: { email: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string>();
  const form = useForm<z.input<typeof resetFormSchema>, unknown, z.output<typeof resetFormSchema>>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) => {
    const code = digits.join('');
    if (code.length !== OTP_LENGTH) return setCodeError(validationMessages.enterSixDigits);
    setCodeError(undefined);
    reset.mutate(
      { email, code, password },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg || authMessages.passwordReset);
          void navigate(paths.auth.login, { replace: true });
        },
        onError: (failure) => toast.error(serverOrNetworkMessageOf(failure, authMessages.verificationFailed)),
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-medium text-slate-800">Code from the e-mail</legend>
        <CodeInput
          digits={digits}
          onChange={setDigits}
          invalid={Boolean(codeError)}
          errorId={codeError ? 'reset-code-error' : undefined}
          autoFocus
        />
        {codeError && (
          <p id="reset-code-error" role="alert" className="text-xs font-medium text-red-700">
            {codeError}
          </p>
        )}
      </fieldset>
      <NewPasswordFields
        idPrefix="reset"
        password={form.register('password')}
        confirm={form.register('confirmPassword')}
        errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
      />
      <Button type="submit" size="lg" className="w-full" busy={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Reset password'}
      </Button>
      <button type="button" onClick={onRestart} className="w-full text-center text-sm font-medium text-brand-700 hover:underline">
        Use another e-mail or send a new code
      </button>
    </form>
  );
}
