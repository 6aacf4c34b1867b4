/**
 * The life of a listing (issue 24): a listing not renewed for LISTING_TTL_DAYS expires, hidden
 * from browsing but kept on its seller's My Listings with 'Renew'. One definition for server and web.
 */

/** The default of LISTING_TTL_DAYS: a listing not renewed for this long expires. */
export const LISTING_TTL_DAYS_DEFAULT = 60;
/** The seller is warned (notification and mail with a one-click renew link) this long before. */
export const EXPIRY_WARNING_DAYS = 3;
export const DAY_MS = 24 * 3600_000;

/** What a listing is, as its seller and buyers see it. */
export const LISTING_STATUSES = ['available', 'sold', 'expired'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * Whether Renew is offered: an expired listing, or one inside its warning window. Earlier renewals
 * are refused, so Renew cannot be used to keep a listing pinned to the top of Newest.
 */
export function isRenewable(listing: { soldOut: boolean; expired: boolean; expiresAt: string | Date }, now: Date): boolean {
  if (listing.soldOut) return false;
  if (listing.expired) return true;
  return new Date(listing.expiresAt).getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS;
}

export const lifecycleMessages = {
  renewed: 'Your listing is live again, at the top of Newest.',
  notRenewableYet: `This listing does not need renewing yet: you can renew it in the last ${EXPIRY_WARNING_DAYS} days before it expires.`,
  soldCannotRenew: 'A sold listing cannot be renewed.',
  renewLinkInvalid: 'This renewal link is not valid. Open My Listings to renew your listing.',
  renewLinkExpired: 'This renewal link has expired with the listing. Open My Listings to renew it.',
  alreadyRenewed: 'This listing was already renewed.',
  expiredBadge: 'Expired',
  renew: 'Renew',
  renewing: 'Renewing…',
  expiredHint: 'Hidden from buyers. Renew it to list it again.',
  expiresOn: (date: string) => `Expires ${date}`,
  renewTitle: 'Renew your listing',
  viewListing: 'View the listing',
  goToMyListings: 'Go to My Listings',
} as const;
