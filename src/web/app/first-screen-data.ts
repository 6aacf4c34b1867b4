import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { ProductImage } from '#domain/products/product.wire.ts';
import { requestAhead } from '#web/api/api-client.ts';
import { sessionQuery } from '#web/features/auth/api/session.ts';
import { fetchProduct } from '#web/features/products/api/get-product.ts';
import { fetchProducts } from '#web/features/products/api/get-products.ts';
import {
  GALLERY_SIZES,
  GRID_CARD_SIZES,
  ONE_COLUMN_MEDIA,
  cardPhotoSources,
  galleryPhotoSources,
} from '#web/features/products/components/photo-sources.ts';
import { initialListFilter } from '#web/features/products/list-filter.ts';

const PRODUCTS = ['/shop/products', '/admin/products'];
const PRODUCT = ['/shop/products/:id', '/admin/products/:id'];

/** Asks for a photo with the <img> that will show it: same candidates, same sizes, first in line. */
function preloadPhoto(attributes: { href: string; imageSrcset?: string; imageSizes: string; media?: string }) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  link.href = attributes.href;
  if (attributes.imageSrcset) link.imageSrcset = attributes.imageSrcset;
  link.imageSizes = attributes.imageSizes;
  if (attributes.media) link.media = attributes.media;
  document.head.append(link);
}

/** The first card's photo (the page's largest paint), as CardImage picks it on each screen width. */
function preloadFirstCardPhoto(image: ProductImage | undefined) {
  if (!image) return;
  const { card, srcSet } = cardPhotoSources(image);
  preloadPhoto({ href: card, imageSizes: GRID_CARD_SIZES, media: ONE_COLUMN_MEDIA });
  preloadPhoto({ href: card, imageSrcset: srcSet, imageSizes: GRID_CARD_SIZES, media: `not all and ${ONE_COLUMN_MEDIA}` });
}

function preloadGalleryPhoto(image: ProductImage | undefined) {
  if (!image) return;
  const { src, srcSet } = galleryPhotoSources(image);
  preloadPhoto({ href: src, imageSrcset: srcSet, imageSizes: GALLERY_SIZES });
}

const matches = (patterns: string[], pathname: string) =>
  patterns.map((pattern) => matchPath(pattern, pathname)).find((match) => match !== null);

/**
 * Starts the data of the address being opened, and then its largest photo, as soon as the session
 * is known: beside the screen's code rather than after it has downloaded and drawn its frame
 * (on a phone that is a few round trips). The screen's own calls are answered from these
 * (requestAhead). Products and a product page only: the pages a student lands on.
 */
export function requestFirstScreenData(pathname: string, queryClient: QueryClient) {
  const list = matches(PRODUCTS, pathname);
  const detail = matches(PRODUCT, pathname);
  if (!list && !detail?.params.id) return;
  void queryClient
    .fetchQuery(sessionQuery)
    .then((user) => {
      if (!user) return undefined;
      if (list)
        return requestAhead(() => fetchProducts(initialListFilter(), undefined)).then((answer) =>
          preloadFirstCardPhoto(answer.products[0]?.images[0]),
        );
      return requestAhead(() => fetchProduct(detail!.params.id!)).then((product) => preloadGalleryPhoto(product.images[0]));
    })
    // The screen makes the same calls and shows their failures; nothing to add here.
    .catch(() => undefined);
}
