import { type MailContent, SITE_NAME } from './layout.ts';

export interface CodeMailData {
  code: string;
  expiresInMinutes: number;
}

const expiry = (minutes: number) => `The code expires in ${minutes} minutes and can be used once.`;

/** The sign-up code: proves the student owns the address. */
export function verificationCodeMail({ code, expiresInMinutes }: CodeMailData): MailContent {
  return {
    subject: `Your ${SITE_NAME} verification code`,
    blocks: [
      { text: `Use this code to verify your e-mail address and finish signing up for ${SITE_NAME}:` },
      { code },
      { text: expiry(expiresInMinutes) },
      { text: 'If you did not ask to sign up, you can ignore this e-mail.' },
    ],
  };
}

/** The forgotten-password code. */
export function resetCodeMail({ code, expiresInMinutes }: CodeMailData): MailContent {
  return {
    subject: `Your ${SITE_NAME} password reset code`,
    blocks: [
      { text: `Use this code to choose a new password for your ${SITE_NAME} account:` },
      { code },
      { text: expiry(expiresInMinutes) },
      { text: 'If you did not ask to reset your password, you can ignore this e-mail; your password stays as it is.' },
    ],
  };
}
