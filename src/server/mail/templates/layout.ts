import { escapeHtml } from '../mailer.ts';

export const SITE_NAME = 'Campus Market';

/** One part of a mail's body. */
export type MailBlock =
  | { text: string }
  /** Someone's own words, shown as a quotation. */
  | { quote: string }
  /** A one-time code, shown large. */
  | { code: string };

/** What one event's template says; the layout turns it into the plain-text and HTML parts. */
export interface MailContent {
  subject: string;
  blocks: MailBlock[];
  action?: { label: string; url: string };
}

/** The site as every mail names it. */
export interface MailSite {
  url: string;
  contactEmail: string;
}

/** A non-security mail says why it came and how to stop that kind; a security mail has no such footer. */
export interface MailUnsubscribe {
  /** What this kind of mail is about, in the user's words ("New buy requests for my listings"). */
  kindLabel: string;
  /** The page confirming the unsubscribe (the header carries the one-click address). */
  pageUrl: string;
  settingsUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const P = 'margin:0 0 16px;font-size:15px;line-height:1.5;white-space:pre-line';
const SMALL = 'margin:0 0 8px;font-size:13px;line-height:1.5;color:#475569';

function blockText(block: MailBlock): string {
  if ('quote' in block) return block.quote.replace(/^/gm, '> ');
  if ('code' in block) return `    ${block.code}`;
  return block.text;
}

function blockHtml(block: MailBlock): string {
  if ('quote' in block) {
    return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #6366f1;background:#eef2ff;white-space:pre-line;font-size:15px;line-height:1.5">${escapeHtml(block.quote)}</blockquote>`;
  }
  if ('code' in block) {
    return `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:Consolas,Menlo,monospace">${escapeHtml(block.code)}</p>`;
  }
  return `<p style="${P}">${escapeHtml(block.text)}</p>`;
}

function footerLines(site: MailSite, unsubscribe?: MailUnsubscribe): string[] {
  const lines = [`${SITE_NAME} · ${site.url}`];
  if (unsubscribe) {
    lines.push(
      `You get this e-mail because e-mails about "${unsubscribe.kindLabel}" are on for your account.`,
      `Unsubscribe from these e-mails: ${unsubscribe.pageUrl}`,
      `Choose which e-mails you get: ${unsubscribe.settingsUrl}`,
    );
  } else {
    lines.push(`Questions? Write to ${site.contactEmail}.`);
  }
  return lines;
}

function footerHtml(site: MailSite, unsubscribe?: MailUnsubscribe): string {
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}" style="color:#4338ca">${escapeHtml(label)}</a>`;
  const parts = [`<p style="${SMALL}">${escapeHtml(SITE_NAME)} · ${link(site.url, site.url)}</p>`];
  if (unsubscribe) {
    parts.push(
      `<p style="${SMALL}">You get this e-mail because e-mails about &ldquo;${escapeHtml(unsubscribe.kindLabel)}&rdquo; are on for your account. ${link(unsubscribe.pageUrl, 'Unsubscribe from these e-mails')} · ${link(unsubscribe.settingsUrl, 'Choose which e-mails you get')}</p>`,
    );
  } else {
    parts.push(`<p style="${SMALL}">Questions? Write to ${link(`mailto:${site.contactEmail}`, site.contactEmail)}.</p>`);
  }
  return parts.join('\n        ');
}

/** One layout for every mail of the product: a plain-text part for every client and an HTML part. */
export function renderMail(content: MailContent, site: MailSite, unsubscribe?: MailUnsubscribe): RenderedMail {
  let text = `${SITE_NAME}\n\n`;
  for (const block of content.blocks) text += `${blockText(block)}\n\n`;
  if (content.action) text += `${content.action.label}: ${content.action.url}\n\n`;
  text += `— The ${SITE_NAME} team\n\n--\n${footerLines(site, unsubscribe).join('\n')}`;
  const action = content.action
    ? `<p style="margin:8px 0 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:Segoe UI,Roboto,Arial,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
      <tr><td>
        <h1 style="margin:0 0 16px;font-size:20px;color:#4338ca">${escapeHtml(SITE_NAME)}</h1>
        ${content.blocks.map(blockHtml).join('\n        ')}
        ${action}
      </td></tr>
    </table>
    <table role="presentation" width="100%" style="max-width:520px;margin:16px auto 0;padding:0 24px">
      <tr><td>
        ${footerHtml(site, unsubscribe)}
      </td></tr>
    </table>
  </body>
</html>`;
  return { subject: content.subject, text, html };
}
