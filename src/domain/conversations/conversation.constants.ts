/** Limits of issue 12 (conversations). One definition, imported by server and browser. */

/** A message is 1–2,000 characters once trimmed. */
export const MESSAGE_MAX_CHARS = 2000;

/** Rate limits per user, whatever the conversation: a burst of 10 a minute and 200 a day. */
export const MESSAGE_RATE_LIMIT_BURST = { limit: 10, windowMs: 60_000 } as const;
export const MESSAGE_RATE_LIMIT_DAILY = { limit: 200, windowMs: 24 * 60 * 60_000 } as const;

/** A message still unread this long after it was sent is e-mailed (in-app at once). */
export const MESSAGE_MAIL_DELAY_MS = 10 * 60_000;
/** At most one such mail per conversation (and recipient) in this window. */
export const MESSAGE_MAIL_MIN_INTERVAL_MS = 60 * 60_000;

/** Pages: messages of one conversation, and rows of the inbox. */
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE_MAX = 100;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const CONVERSATIONS_PAGE_SIZE_MAX = 50;

export const MESSAGE_KINDS = ['text', 'buy-request', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * The events a system line records: the seller's decision on a buy request, and (issue 23) each
 * step of an offer, a reservation for the buyer and a sale elsewhere.
 */
export const SYSTEM_EVENTS = [
  'accepted',
  'rejected',
  'offer-made',
  'offer-replaced',
  'offer-countered',
  'offer-accepted',
  'offer-rejected',
  'offer-withdrawn',
  'offer-expired',
  'reserved',
  'released',
  'sold-elsewhere',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

export const LISTING_STATUSES = ['available', 'sold', 'deleted'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
