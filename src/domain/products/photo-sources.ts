import type { ProductImage } from '#domain/products/product.wire.ts';

/**
 * Which file of a listing photo the browser fetches where: shared by the <img> elements and by
 * the preloads started before those are drawn (the web's app/first-screen-data.ts, the server's
 * http/first-screen.ts), which only help when they name exactly the same candidates and sizes.
 */

/** The photo widths the server stores: `cardUrl` ~480 px, `url` up to 1600 px (product-photos.ts). */
const CARD_WIDTH = 480;
const FULL_WIDTH = 1600;

/**
 * How wide a card of the product grid is drawn (productGridClasses: 2 / 2 / 4 columns in the
 * page's 80rem, its padding and 0.75rem / 1.25rem gaps), so the browser picks the photo for that width.
 */
export const GRID_CARD_SIZES =
  '(min-width: 1280px) 290px, (min-width: 1024px) calc((100vw - 7.75rem) / 4), (min-width: 640px) calc((100vw - 3.25rem) / 2), calc((100vw - 2.75rem) / 2)';

/** Below this width (phones: two compact columns) a card shows the card variant (see CardImage). */
export const ONE_COLUMN_MEDIA = '(max-width: 639px)';

/** The detail page's photo: the page's width on phones, half of it (at most 80rem) from lg up. */
export const GALLERY_SIZES = '(min-width: 1280px) 600px, (min-width: 1024px) calc(50vw - 3.5rem), calc(100vw - 2rem)';

function fullUrlOf(image: ProductImage) {
  return image.secure_url || image.url;
}

/** A card's photo: the card variant, and from two columns up a choice of both by drawn width. */
export function cardPhotoSources(image: ProductImage) {
  const card = image.cardUrl || fullUrlOf(image);
  const full = fullUrlOf(image);
  return { card, srcSet: full && full !== card ? `${card} ${CARD_WIDTH}w, ${full} ${FULL_WIDTH}w` : undefined };
}

/** The gallery's photo: the full size, or the card variant where it is drawn small enough. */
export function galleryPhotoSources(image: ProductImage) {
  const full = fullUrlOf(image);
  return { src: full, srcSet: image.cardUrl ? `${image.cardUrl} ${CARD_WIDTH}w, ${full} ${FULL_WIDTH}w` : undefined };
}
