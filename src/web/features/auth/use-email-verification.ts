import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { OTP_LENGTH } from '#domain/constants.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { emailSchema } from '#domain/users/user.schemas.ts';
import { ApiError } from '#web/api/api-client.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { useSendCode } from './api/send-code.ts';
import { useVerifyCode } from './api/verify-code.ts';
import { emptyCode } from './components/code-input.tsx';

/** Registration verification state (spec 4): unverified, then code sent, then verified. */
export type VerificationStep = 'unverified' | 'code-sent' | 'verified';

function normalised(email: string): string | null {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : null;
}

type Progress = {
  email: string;
  step: Exclude<VerificationStep, 'unverified'>;
  /** What the send-code answer means, shown by the e-mail field (spec 8's alerts). */
  notice?: string;
};

/**
 * The alert by the code boxes when verifying fails (spec 8): 'Invalid code.' when the server
 * refused the code, with its msg when that says more (expired, too many tries); the server's
 * msg for any other answer; 'Verification failed.' when no answer came.
 */
export function verificationAlertOf(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return authMessages.verificationFailedAlert;
  if (error.code === 'VALIDATION') {
    const more = error.msg && error.msg !== authMessages.invalidCode ? ` ${error.msg}` : '';
    return `${authMessages.invalidCode}${more}`;
  }
  return error.msg ?? authMessages.verificationFailedAlert;
}

/**
 * The e-mail proof of the register form. The step belongs to one address: editing the e-mail
 * afterwards puts the form back to unverified for the new one.
 */
export function useEmailVerification(email: string) {
  const sendCode = useSendCode();
  const verifyCode = useVerifyCode();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [digits, setDigits] = useState(emptyCode);
  const [emailError, setEmailError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();

  const address = normalised(email);
  const current = progress && progress.email === address ? progress : null;
  const step: VerificationStep = current?.step ?? 'unverified';

  /** Why the typed address cannot be verified, in spec 5's words; undefined when it can. */
  const emailProblem = !email.trim() ? validationMessages.emailRequired : address ? undefined : validationMessages.emailInvalid;

  /** Leaving a malformed address says so at once: its Verify button is disabled, which alone explains nothing. */
  const checkEmailOnLeave = () => {
    if (email.trim() && !address) setEmailError(validationMessages.emailInvalid);
  };

  /** Register pressed before verifying: first what is wrong with the address, if anything. */
  const refuseUnverified = () => setEmailError(emailProblem ?? validationMessages.verifyEmailFirst);

  const requestCode = () => {
    setEmailError(undefined);
    if (!email.trim()) return setEmailError(validationMessages.enterEmail);
    if (!address) return setEmailError(validationMessages.emailInvalid);
    sendCode.mutate(address, {
      onSuccess: (answer) => {
        if (answer.userExists) return void toast.error(authMessages.userExists);
        if (answer.alreadyVerified) {
          setProgress({ email: address, step: 'verified', notice: authMessages.alreadyVerified });
          return void toast.success(answer.msg || authMessages.alreadyVerified);
        }
        setDigits(emptyCode());
        setCodeError(undefined);
        setProgress({ email: address, step: 'code-sent', notice: authMessages.otpSent });
        toast.success(answer.msg || authMessages.otpSent);
      },
      onError: (error) => toast.error(serverOrNetworkMessageOf(error, authMessages.otpSendFailed)),
    });
  };

  const submitCode = () => {
    const code = digits.join('');
    if (!address || code.length !== OTP_LENGTH) return setCodeError(validationMessages.enterSixDigits);
    setCodeError(undefined);
    verifyCode.mutate(
      { email: address, code },
      {
        onSuccess: (answer) => {
          setProgress({ email: address, step: 'verified' });
          toast.success(answer.msg || authMessages.verified);
        },
        onError: (error) => {
          setDigits(emptyCode());
          setCodeError(verificationAlertOf(error));
          toast.error(serverOrNetworkMessageOf(error, authMessages.verificationFailed));
        },
      },
    );
  };

  return {
    step,
    notice: current?.notice,
    canRequestCode: address !== null && !sendCode.isPending,
    sending: sendCode.isPending,
    verifying: verifyCode.isPending,
    digits,
    setDigits,
    emailError,
    setEmailError,
    checkEmailOnLeave,
    refuseUnverified,
    codeError,
    requestCode,
    submitCode,
  };
}

export type EmailVerification = ReturnType<typeof useEmailVerification>;
