import { formatPrice } from './pricing.ts';

/**
 * Sharing a listing (issue 22): the Share button's texts, and the preview a chat app or a social
 * network draws from the page's Open Graph and Twitter tags, which the server writes into the
 * page's HTML (server http/share-tags.ts) for clients that run no JavaScript.
 */
export const SITE_NAME = 'Campus Market';

export const shareMessages = {
  button: 'Share',
  label: (title: string) => `Share ${title}`,
  /** The text a share sheet carries beside the link. */
  text: (title: string, price: number) => `${title} for ${formatPrice(price)} on ${SITE_NAME}`,
  linkCopied: 'Link copied. Paste it into a chat to share this listing.',
  copyFailed: 'Could not copy the link. Copy it from the address bar instead.',
} as const;

/** The preview of any page that is not a visible listing: a missing, removed or hidden one included. */
export const SITE_SHARE_CARD = {
  title: SITE_NAME,
  description: 'Buy and sell second-hand books, gadgets, cycles and more with verified students of your campus.',
  /** Served by the web app (src/web/public). */
  imagePath: '/images/banners/campus-essentials.webp',
  imageAlt: 'Campus Market: second-hand items from students of your campus',
} as const;

/** How long a preview's description may be before it is cut (previews show two or three lines). */
export const SHARE_DESCRIPTION_MAX_CHARS = 160;

export interface ShareableListing {
  title: string;
  description: string;
  price: number;
  condition: string;
  category: string;
  soldOut: boolean;
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * A listing's preview: its title (marked when sold), and a description that starts with the
 * price, condition and category before the seller's own words.
 */
export function listingShareCard(listing: ShareableListing): { title: string; description: string } {
  const facts = [listing.soldOut ? 'Sold' : undefined, formatPrice(listing.price), listing.condition, listing.category]
    .filter(Boolean)
    .join(' · ');
  const words = shorten(listing.description, SHARE_DESCRIPTION_MAX_CHARS);
  return {
    title: listing.soldOut ? `Sold: ${listing.title}` : listing.title,
    description: words ? `${facts}. ${words}` : `${facts}.`,
  };
}
