import { PHONE_COUNTRY_PREFIX } from './constants.ts';

/** tel: link with the +91 prefix for a stored 10-digit number. */
export function phoneHref(phone: string): string {
  return `tel:+${PHONE_COUNTRY_PREFIX}${phone}`;
}

/** Messaging-app (WhatsApp) link with the 91 prefix and an optional prefilled message. */
export function whatsappHref(phone: string, message?: string): string {
  const text = message ? `?text=${encodeURIComponent(message)}` : '';
  return `https://wa.me/${PHONE_COUNTRY_PREFIX}${phone}${text}`;
}

export function productEnquiryMessage(title: string): string {
  return `Hi! I'm interested in your "${title}" listed on Campus Market. Is it still available?`;
}
