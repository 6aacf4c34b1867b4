import type { FastifyInstance } from 'fastify';
import { SITE_NAME, SITE_SHARE_CARD, listingShareCard } from '#domain/products/share.ts';
import { findShareableListing } from '../products/products.repository.ts';
import { siteAddress } from '../storage/storage.ts';
import { isUuid } from './ids.ts';

/**
 * The Open Graph and Twitter tags of a page (issue 22), written by the server so that a client
 * that runs no JavaScript (WhatsApp, Telegram, Slack, a search engine) draws a preview of a shared
 * link: a listing's title, its price in the description, its first photo and its canonical
 * address. Any other page, and a listing that is missing, removed or hidden from browsing, gets
 * the site's own card, never a word of the listing.
 */

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const meta = (attribute: 'property' | 'name', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

export interface ShareCard {
  title: string;
  description: string;
  url: string;
  image: { url: string; alt: string; width?: number; height?: number };
  /** Only a listing's own page names itself canonical. */
  canonical?: string;
  type: 'website' | 'product';
}

/** The <head> lines of a card, every value escaped. */
export function shareTagsHtml(card: ShareCard): string {
  const tags = [
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', card.type),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    meta('property', 'og:image', card.image.url),
    meta('property', 'og:image:alt', card.image.alt),
  ];
  if (card.image.width && card.image.height) {
    tags.push(meta('property', 'og:image:width', String(card.image.width)));
    tags.push(meta('property', 'og:image:height', String(card.image.height)));
  }
  tags.push(
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image.url),
    meta('name', 'twitter:image:alt', card.image.alt),
  );
  if (card.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(card.canonical)}" />`);
  return tags.join('');
}

const PRODUCT_PAGE = /^\/shop\/products\/([^/]+)$/;

/** An address the site gives out is absolute; a relative one (local storage behind a path) is made so. */
const absolute = (url: string, publicUrl: string) => new URL(url, `${publicUrl}/`).href;

export function siteShareCard(publicUrl: string): ShareCard {
  return {
    type: 'website',
    title: SITE_SHARE_CARD.title,
    description: SITE_SHARE_CARD.description,
    url: siteAddress(publicUrl, '/'),
    image: { url: siteAddress(publicUrl, SITE_SHARE_CARD.imagePath), alt: SITE_SHARE_CARD.imageAlt },
  };
}

/** The card of the page at `pathname`: a visible listing's own, or the site's. */
export async function shareCardFor(app: FastifyInstance, publicUrl: string, pathname: string): Promise<ShareCard> {
  const id = PRODUCT_PAGE.exec(pathname)?.[1];
  if (!id || !isUuid(id)) return siteShareCard(publicUrl);
  const listing = await findShareableListing(app.db, id);
  // Hidden pending review or while its seller is held: not something to advertise.
  if (!listing || listing.hidden) return siteShareCard(publicUrl);
  const { title, description } = listingShareCard(listing);
  const url = siteAddress(publicUrl, `/shop/products/${id}`);
  const site = siteShareCard(publicUrl);
  return {
    type: 'product',
    title,
    description,
    url,
    canonical: url,
    image: listing.photo
      ? {
          url: absolute(app.storage.urlFor(listing.photo.storageKey), publicUrl),
          alt: listing.title,
          width: listing.photo.width,
          height: listing.photo.height,
        }
      : site.image,
  };
}
