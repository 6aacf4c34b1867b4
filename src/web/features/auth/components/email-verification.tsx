import { BadgeCheck } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import type { EmailVerification } from '../use-email-verification.ts';
import { CodeInput } from './code-input.tsx';

interface EmailVerificationProps {
  verification: EmailVerification;
  emailField: UseFormRegisterReturn<'email'>;
  /** An error of the e-mail field from the form's own validation. */
  fieldError?: string | undefined;
}

/** E-mail with its Verify button; the six code boxes with 'Submit OTP'; then the 'Verified' mark. */
export function EmailVerificationFields({ verification: v, emailField, fieldError }: EmailVerificationProps) {
  const error = v.emailError ?? fieldError;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <Field id="register-email" label="Email" error={error}>
          <div className="flex gap-2">
            <Input
              id="register-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@institute.edu"
              className="min-w-0 flex-1"
              {...emailField}
              onChange={(event) => {
                v.setEmailError(undefined);
                void emailField.onChange(event);
              }}
              onBlur={(event) => {
                v.checkEmailOnLeave();
                void emailField.onBlur(event);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && v.step !== 'verified') {
                  event.preventDefault();
                  v.requestCode();
                }
              }}
            />
            {v.step === 'verified' ? (
              <span
                className="inline-flex h-10 shrink-0 items-center gap-1 rounded-lg bg-emerald-50 px-3 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
                role="status"
              >
                <BadgeCheck className="h-4 w-4" aria-hidden="true" />
                Verified
              </span>
            ) : (
              <Button
                type="button"
                variant="secondary"
                className="shrink-0"
                onClick={v.requestCode}
                disabled={!v.canRequestCode}
                busy={v.sending}
              >
                {/* Pressing it again mails a new code; the label stays the spec's. */}
                Verify
              </Button>
            )}
          </div>
        </Field>
        {/* Always in the page (empty it takes no room), so screen readers announce what appears. */}
        <p id="register-email-status" role="status" className="text-sm font-medium text-emerald-800">
          {v.notice}
        </p>
      </div>

      {v.step === 'code-sent' && (
        <fieldset
          className="min-w-0 space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4"
          aria-describedby="code-help"
        >
          <legend className="sr-only">Verification code</legend>
          <p id="code-help" className="text-sm text-slate-700">
            Enter the 6-digit code we e-mailed you. It expires in 10 minutes.
          </p>
          <CodeInput
            digits={v.digits}
            onChange={v.setDigits}
            invalid={Boolean(v.codeError)}
            errorId={v.codeError ? 'code-error' : undefined}
            disabled={v.verifying}
            autoFocus
            onEnter={v.submitCode}
          />
          {v.codeError && (
            <p id="code-error" role="alert" className="text-xs font-medium text-red-700">
              {v.codeError}
            </p>
          )}
          <Button type="button" onClick={v.submitCode} busy={v.verifying} className="w-full sm:w-auto">
            Submit OTP
          </Button>
        </fieldset>
      )}
    </div>
  );
}
