import { escapeHtml } from '../mailer.ts';

export const PRODUCT_NAME = 'Campus Market';

export type CodeMailPurpose = 'register' | 'reset-password';

const WORDING: Record<CodeMailPurpose, { subject: string; intro: string; ignore: string }> = {
  register: {
    subject: `Your ${PRODUCT_NAME} verification code`,
    intro: `Use this code to verify your e-mail address and finish signing up for ${PRODUCT_NAME}:`,
    ignore: 'If you did not ask to sign up, you can ignore this e-mail.',
  },
  'reset-password': {
    subject: `Your ${PRODUCT_NAME} password reset code`,
    intro: `Use this code to choose a new password for your ${PRODUCT_NAME} account:`,
    ignore: 'If you did not ask to reset your password, you can ignore this e-mail; your password stays as it is.',
  },
};

/** The one-time code mail: a plain-text part for every client and an HTML part for the rest. */
export function codeMail(purpose: CodeMailPurpose, code: string, expiresInMinutes: number) {
  const wording = WORDING[purpose];
  const expiry = `The code expires in ${expiresInMinutes} minutes and can be used once.`;
  const text = [
    `${PRODUCT_NAME}`,
    '',
    wording.intro,
    '',
    `    ${code}`,
    '',
    expiry,
    wording.ignore,
    '',
    `— The ${PRODUCT_NAME} team`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:Segoe UI,Roboto,Arial,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
      <tr><td>
        <h1 style="margin:0 0 16px;font-size:20px;color:#4338ca">${escapeHtml(PRODUCT_NAME)}</h1>
        <p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(wording.intro)}</p>
        <p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:Consolas,Menlo,monospace">${escapeHtml(code)}</p>
        <p style="margin:0 0 8px;font-size:14px;color:#334155">${escapeHtml(expiry)}</p>
        <p style="margin:0;font-size:13px;color:#475569">${escapeHtml(wording.ignore)}</p>
      </td></tr>
    </table>
  </body>
</html>`;
  return { subject: wording.subject, text, html };
}
