import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LOGIN_FAILED_TEXT, LOGIN_SUCCESS_TEXT } from '#domain/first-screen-texts.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { homeFor, paths } from '#web/config/paths.ts';
import { toast } from '#web/lib/toast.ts';
import { useLogin } from './api/login.ts';
import { AuthCard, FormError } from './components/auth-card.tsx';
import { useLoginForm } from './use-login-form.ts';

/** Login (spec 2): e-mail and password, 'Login' ('Logging in...' while busy), link to register. */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const { errors, formProps } = useLoginForm((credentials) =>
    login.mutate(credentials, {
      onSuccess: ({ user, msg }) => {
        toast.success(msg || LOGIN_SUCCESS_TEXT);
        void navigate(homeFor(user), { replace: true });
      },
      onError: (error) => toast.error(serverOrNetworkMessageOf(error, LOGIN_FAILED_TEXT)),
    }),
  );
  // Both fields have the same rule and message, so it is said once, for the whole form.
  const missing = errors.email ?? errors.password;

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back! Sign in with your institute e-mail."
      footer={
        <>
          New to Campus Market?{' '}
          <Link to={paths.auth.register} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form {...formProps} className="space-y-4" aria-describedby={missing ? 'login-error' : undefined}>
        <FormError id="login-error" message={missing} />
        <Field id="login-email" label="Email">
          <Input
            id="login-email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@institute.edu"
            name="email"
            aria-invalid={Boolean(errors.email) || undefined}
          />
        </Field>
        <Field id="login-password" label="Password">
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            visible={showPassword}
            onVisibleChange={setShowPassword}
            name="password"
            aria-invalid={Boolean(errors.password) || undefined}
          />
        </Field>
        <div className="flex justify-end">
          <Link to={paths.auth.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" busy={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </AuthCard>
  );
}
