import { rupees } from '#domain/buy-requests/offer.messages.ts';
import { whatsappHref } from '#domain/contact.ts';
import type { NotificationPayloads } from '#domain/notifications/notification-kinds.ts';
import type { MailContent } from './layout.ts';

/** Site pages the mails link to (the server does not import the web app's route table). */
export const sitePages = {
  myListings: (siteUrl: string) => `${siteUrl}/shop/listings`,
  products: (siteUrl: string) => `${siteUrl}/shop/products`,
  product: (siteUrl: string, id: string) => `${siteUrl}/shop/products/${id}`,
  account: (siteUrl: string) => `${siteUrl}/user/userAccount`,
};

/** A title inside a subject line stays on one line and within reason. */
function subjectTitle(title: string): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** What every notification mail knows: whom it greets and the notification it tells of. */
export interface NotificationMailData<P> {
  recipientName: string;
  payload: P;
}

/** To the seller, for each new request: who, what they wrote, where to answer. */
export function newRequestMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['buy-request.received']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `New buy request for "${subjectTitle(payload.productTitle)}"`,
    blocks: [
      { text: `Hi ${recipientName},` },
      {
        text:
          payload.offerAmount === undefined
            ? `${payload.buyerName} would like to buy your listing "${payload.productTitle}" and wrote:`
            : `${payload.buyerName} offers ${rupees(payload.offerAmount)} for your listing "${payload.productTitle}" and wrote:`,
      },
      { quote: payload.message },
      {
        text:
          payload.offerAmount === undefined
            ? 'Open My Listings to see everyone interested, then accept or reject the request.'
            : 'Open My Listings to accept, decline or counter the offer within 48 hours, or it expires.',
      },
    ],
    action: { label: 'Go to My Listings', url: sitePages.myListings(siteUrl) },
  };
}

export interface SellerContactDetails {
  email: string;
  phoneNumber: string | null;
}

function contactLines(name: string, contact: SellerContactDetails): string {
  const phone = contact.phoneNumber
    ? [`Phone: +91 ${contact.phoneNumber}`, `WhatsApp: ${whatsappHref(contact.phoneNumber)}`]
    : ['Phone: not given'];
  return [`Name: ${name}`, `E-mail: ${contact.email}`, ...phone].join('\n');
}

/** To the buyer whose request the seller accepted, with the seller's contact details. */
export function acceptedMail(
  {
    recipientName,
    payload,
    seller,
  }: NotificationMailData<NotificationPayloads['buy-request.accepted']> & { seller: SellerContactDetails },
  siteUrl: string,
): MailContent {
  return {
    subject: `Your buy request for "${subjectTitle(payload.productTitle)}" was accepted`,
    blocks: [
      { text: `Hi ${recipientName},` },
      {
        text:
          payload.soldPrice === undefined
            ? `Good news: ${payload.sellerName} accepted your buy request for "${payload.productTitle}". Get in touch to arrange the hand-over:`
            : `Good news: ${payload.sellerName} accepted your offer of ${rupees(payload.soldPrice)} for "${payload.productTitle}". Get in touch to arrange the hand-over:`,
      },
      { text: contactLines(payload.sellerName, seller) },
    ],
    action: { label: 'View the listing', url: sitePages.product(siteUrl, payload.productId) },
  };
}

/** To the buyer whose request the seller rejected. */
export function rejectedMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['buy-request.rejected']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `Your buy request for "${subjectTitle(payload.productTitle)}" was declined`,
    blocks: [
      { text: `Hi ${recipientName},` },
      {
        text:
          payload.reason === 'sold-elsewhere'
            ? `The seller of "${payload.productTitle}" sold it elsewhere, so your buy request was closed. Other students may be selling something similar.`
            : `The seller of "${payload.productTitle}" has declined your ${payload.offerAmount === undefined ? 'buy request' : `offer of ${rupees(payload.offerAmount)}`}. Other students may be selling something similar.`,
      },
    ],
    action: { label: 'Browse products', url: sitePages.products(siteUrl) },
  };
}
