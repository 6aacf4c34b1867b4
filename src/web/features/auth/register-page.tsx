import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import type { z } from 'zod';
import { authMessages } from '#domain/users/auth.messages.ts';
import { registerFormSchema } from '#domain/users/user.schemas.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { PhotoPicker } from '#web/components/image-crop/photo-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { homeFor, paths } from '#web/config/paths.ts';
import { useRegister } from './api/register.ts';
import { AuthCard } from './components/auth-card.tsx';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import { EmailVerificationFields } from './components/email-verification.tsx';
import { useEmailVerification } from './use-email-verification.ts';

type RegisterForm = z.input<typeof registerFormSchema>;

/** Register (spec 2 and 4): prove the e-mail with a code, then phone, photo and password. */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<RegisterForm, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: '', phoneNumber: '', password: '', confirmPassword: '' },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const verification = useEmailVerification(email);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    register.mutate(
      { email: values.email, password: values.password, phoneNumber: values.phoneNumber, photo },
      {
        onSuccess: ({ user, msg }) => {
          toast.success(msg || authMessages.registerSuccess);
          void navigate(homeFor(user), { replace: true });
        },
        onError: (error) => toast.error(serverOrNetworkMessageOf(error, authMessages.registerFailed)),
      },
    ),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (verification.step !== 'verified') {
      event.preventDefault();
      verification.refuseUnverified();
      document.getElementById('register-email')?.focus();
      return;
    }
    void submit(event);
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Verify your institute e-mail to join your campus market."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.auth.login} className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <EmailVerificationFields
          verification={verification}
          emailField={form.register('email')}
          fieldError={errors.email?.message}
        />
        <Field id="register-phone" label="Phone number (optional)" error={errors.phoneNumber?.message}>
          <Input
            id="register-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            {...form.register('phoneNumber')}
          />
        </Field>
        <PhotoPicker value={photo} onChange={setPhoto} />
        <NewPasswordFields
          idPrefix="register"
          password={form.register('password')}
          confirm={form.register('confirmPassword')}
          errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
          labels={{ password: 'Password', confirm: 'Confirm password' }}
        />
        <Button type="submit" size="lg" className="w-full" busy={register.isPending}>
          {register.isPending ? 'Registering...' : 'Register'}
        </Button>
      </form>
    </AuthCard>
  );
}
