import { savedSearchQueryString, type SavedSearch } from '#domain/alerts/saved-search.schemas.ts';
import { rupees } from '#domain/buy-requests/offer.messages.ts';
import type { NotificationPayloads } from '#domain/notifications/notification-kinds.ts';
import { type NotificationMailData, sitePages } from './buy-request-mails.ts';
import type { MailBlock, MailContent } from './layout.ts';

function subjectText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/** To the seller three days before expiry, with the signed one-click renew link. */
export function listingExpiringMail(
  { recipientName, payload, renewUrl }: NotificationMailData<NotificationPayloads['listing.expiring']> & { renewUrl: string },
  siteUrl: string,
): MailContent {
  return {
    subject: `"${subjectText(payload.productTitle)}" expires on ${payload.expiresOn}`,
    blocks: [
      { text: `Hi ${recipientName},` },
      {
        text: `Your listing "${payload.productTitle}" expires on ${payload.expiresOn}. After that buyers no longer see it in browsing or search.`,
      },
      {
        text: 'Still selling? One click renews it and puts it back at the top of Newest; no sign-in needed. The link works until the listing expires.',
      },
      { text: `You can also renew it from My Listings: ${sitePages.myListings(siteUrl)}` },
    ],
    action: { label: 'Renew my listing', url: renewUrl },
  };
}

export function savedSearchMatchMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['saved-search.match']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `New match for "${subjectText(payload.savedSearchName)}": ${subjectText(payload.productTitle)}`,
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: `"${payload.productTitle}" for ${rupees(payload.price)} matches your saved search "${payload.savedSearchName}".` },
    ],
    action: { label: 'View the listing', url: sitePages.product(siteUrl, payload.productId) },
  };
}

export function priceDropMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['wishlist.price-drop']>,
  siteUrl: string,
): MailContent {
  return {
    subject: `Price drop: "${subjectText(payload.productTitle)}" is now ${rupees(payload.newPrice)}`,
    blocks: [
      { text: `Hi ${recipientName},` },
      {
        text: `"${payload.productTitle}", on your wishlist, went down from ${rupees(payload.oldPrice)} to ${rupees(payload.newPrice)}.`,
      },
    ],
    action: { label: 'View the listing', url: sitePages.product(siteUrl, payload.productId) },
  };
}

export function wishlistUnavailableMail(
  { recipientName, payload }: NotificationMailData<NotificationPayloads['wishlist.unavailable']>,
  siteUrl: string,
): MailContent {
  const what = payload.reason === 'sold' ? 'was sold' : 'expired and is no longer listed';
  return {
    subject: `"${subjectText(payload.productTitle)}" from your wishlist ${payload.reason === 'sold' ? 'was sold' : 'expired'}`,
    blocks: [
      { text: `Hi ${recipientName},` },
      { text: `"${payload.productTitle}", on your wishlist, ${what}.` },
      { text: 'Save a search on Products to hear when something like it is listed.' },
    ],
    action: { label: 'Browse products', url: sitePages.products(siteUrl) },
  };
}

/** One saved search's part of a digest: its name, where it opens, and what matched. */
export interface DigestSection {
  savedSearch: Pick<SavedSearch, '_id' | 'name' | 'criteria'>;
  listings: { productId: string; title: string; price: number }[];
}

export interface SavedSearchDigestData {
  recipientName: string;
  sections: DigestSection[];
}

/** The daily mail of a student's saved-search matches, grouped by saved search. */
export function savedSearchDigestMail({ recipientName, sections }: SavedSearchDigestData, siteUrl: string): MailContent {
  const count = sections.reduce((sum, section) => sum + section.listings.length, 0);
  const blocks: MailBlock[] = [
    { text: `Hi ${recipientName},` },
    { text: `${count === 1 ? 'One new listing matches' : `${count} new listings match`} your saved searches today.` },
  ];
  for (const section of sections) {
    const query = savedSearchQueryString(section.savedSearch.criteria);
    blocks.push({
      text: [
        `${section.savedSearch.name}:`,
        ...section.listings.map(
          (listing) => `• ${listing.title}, ${rupees(listing.price)}: ${sitePages.product(siteUrl, listing.productId)}`,
        ),
        `All results: ${sitePages.products(siteUrl)}${query ? `?${query}` : ''}`,
      ].join('\n'),
    });
  }
  return {
    subject: count === 1 ? 'One new listing matches your saved searches' : `${count} new listings match your saved searches`,
    blocks,
    action: { label: 'Browse products', url: sitePages.products(siteUrl) },
  };
}
