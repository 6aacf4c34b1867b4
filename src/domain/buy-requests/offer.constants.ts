/** Limits of offers (issue 23). One definition, imported by server and browser. */

/** An offer is a whole number of rupees in this range. */
export const OFFER_MIN_RUPEES = 1;
export const OFFER_MAX_RUPEES = 10_000_000;

/** An offer or a counter not answered within this long expires, and its maker is told. */
export const OFFER_TTL_MS = 48 * 60 * 60_000;

/** Who made the proposal now on the table: the other side answers it. */
export const OFFER_PARTIES = ['buyer', 'seller'] as const;
export type OfferParty = (typeof OFFER_PARTIES)[number];

/** What happened to an offer, as a notification and a conversation line tell it. */
export const OFFER_EVENTS = ['made', 'replaced', 'countered', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;
export type OfferEvent = (typeof OFFER_EVENTS)[number];
