import { whatsappHref } from '#domain/contact.ts';
import { type MailMessage, escapeHtml } from '../mail/mailer.ts';
import { PRODUCT_NAME } from '../mail/templates/verification-code.ts';

/** A person as a mail names them. */
export interface MailParty {
  userName: string;
  email: string;
  phoneNumber: string | null;
}

/** A title inside a subject line stays on one line and within reason. */
function subjectTitle(title: string): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

interface Paragraph {
  text: string;
  /** Shown as a quoted block (a buyer's own words). */
  quote?: boolean;
}

/** One layout for every buy-request mail: a plain-text part for every client and an HTML part. */
function layout(to: string, subject: string, paragraphs: Paragraph[], link: { label: string; url: string }): MailMessage {
  const text = [
    PRODUCT_NAME,
    '',
    ...paragraphs.flatMap((p) => [p.quote ? p.text.replace(/^/gm, '> ') : p.text, '']),
    `${link.label}: ${link.url}`,
    '',
    `— The ${PRODUCT_NAME} team`,
  ].join('\n');
  const body = paragraphs
    .map((p) =>
      p.quote
        ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #6366f1;background:#eef2ff;white-space:pre-line;font-size:15px;line-height:1.5">${escapeHtml(p.text)}</blockquote>`
        : `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;white-space:pre-line">${escapeHtml(p.text)}</p>`,
    )
    .join('\n        ');
  const html = `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:Segoe UI,Roboto,Arial,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
      <tr><td>
        <h1 style="margin:0 0 16px;font-size:20px;color:#4338ca">${escapeHtml(PRODUCT_NAME)}</h1>
        ${body}
        <p style="margin:8px 0 0"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(link.label)}</a></p>
      </td></tr>
    </table>
  </body>
</html>`;
  return { to, subject, text, html };
}

/** To the seller, for each new request: who, what they wrote, where to answer. */
export function newRequestMail(input: {
  seller: MailParty;
  buyer: MailParty;
  title: string;
  message: string;
  listingsUrl: string;
}) {
  return layout(
    input.seller.email,
    `New buy request for "${subjectTitle(input.title)}"`,
    [
      { text: `Hi ${input.seller.userName},` },
      { text: `${input.buyer.userName} would like to buy your listing "${input.title}" and wrote:` },
      { text: input.message, quote: true },
      { text: 'Open My Listings to see everyone interested, then accept or reject the request.' },
    ],
    { label: 'Go to My Listings', url: input.listingsUrl },
  );
}

function contactLines(seller: MailParty): string {
  const phone = seller.phoneNumber
    ? [`Phone: +91 ${seller.phoneNumber}`, `WhatsApp: ${whatsappHref(seller.phoneNumber)}`]
    : ['Phone: not given'];
  return [`Name: ${seller.userName}`, `E-mail: ${seller.email}`, ...phone].join('\n');
}

/** To the buyer whose request the seller accepted, with the seller's contact details. */
export function acceptedMail(input: { buyer: MailParty; seller: MailParty; title: string; productUrl: string }) {
  return layout(
    input.buyer.email,
    `Your buy request for "${subjectTitle(input.title)}" was accepted`,
    [
      { text: `Hi ${input.buyer.userName},` },
      {
        text: `Good news: ${input.seller.userName} accepted your buy request for "${input.title}". Get in touch to arrange the hand-over:`,
      },
      { text: contactLines(input.seller) },
    ],
    { label: 'View the listing', url: input.productUrl },
  );
}

/** To the buyer whose request the seller rejected. */
export function rejectedMail(input: { buyer: MailParty; title: string; productsUrl: string }) {
  return layout(
    input.buyer.email,
    `Your buy request for "${subjectTitle(input.title)}" was declined`,
    [
      { text: `Hi ${input.buyer.userName},` },
      { text: `The seller of "${input.title}" has declined your buy request. Other students may be selling something similar.` },
    ],
    { label: 'Browse products', url: input.productsUrl },
  );
}
