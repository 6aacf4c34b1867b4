import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { ProductImage } from '#domain/products/product.wire.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { siteFactsQuery } from '#web/api/site.ts';
import { requestedProductsQuery } from '#web/features/buy-requests/api/get-requested-products.ts';
import { unreadMessageCountQuery } from '#web/features/conversations/api/get-unread-count.ts';
import { unreadCountQuery } from '#web/features/notifications/api/get-unread-count.ts';
import { productQuery } from '#web/features/products/api/get-product.ts';
import { browseListQuery } from '#web/features/products/api/get-products.ts';
import {
  GALLERY_SIZES,
  GRID_CARD_SIZES,
  ONE_COLUMN_MEDIA,
  cardPhotoSources,
  galleryPhotoSources,
} from '#domain/products/photo-sources.ts';
import { browseViewOf } from '#web/features/products/browse-address.ts';
import { wishlistQuery } from '#web/features/wishlist/api/get-wishlist.ts';

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

/** What every signed-in frame shows at once: the bell, the footer, and a student's badge, hearts and requests. */
function frameData(queryClient: QueryClient, user: SessionUser): Promise<unknown>[] {
  const calls = [queryClient.prefetchQuery(unreadCountQuery), queryClient.prefetchQuery(siteFactsQuery)];
  if (user.isAdmin) return calls;
  return [
    ...calls,
    queryClient.prefetchQuery(unreadMessageCountQuery),
    queryClient.prefetchQuery(wishlistQuery),
    queryClient.prefetchQuery(requestedProductsQuery(user._id)),
  ];
}

/** The listings of the address being opened, and then its largest photo. */
function screenData(queryClient: QueryClient, pathname: string, search: string): Promise<unknown> | undefined {
  if (matches(PRODUCTS, pathname)) {
    // The view its address names (issue 22): the call the page will make, and the server answered in it.
    const query = browseListQuery(browseViewOf(search));
    return queryClient
      .prefetchInfiniteQuery(query)
      .then(() => preloadFirstCardPhoto(queryClient.getQueryData(query.queryKey)?.pages[0]?.products[0]?.images[0]));
  }
  const id = matches(PRODUCT, pathname)?.params.id;
  if (!id) return undefined;
  const query = productQuery(id);
  return queryClient.prefetchQuery(query).then(() => preloadGalleryPhoto(queryClient.getQueryData(query.queryKey)?.images[0]));
}

/**
 * The signed-in part of the first screen's data (first-screen-data.ts): the frame's badges and
 * the screen's listings, then its largest photo. Its own file, fetched beside the session check,
 * so the login screen's first load carries none of the shop's queries (issue 10's budget).
 */
export function requestSignedInScreenData(
  queryClient: QueryClient,
  user: SessionUser,
  pathname: string,
  search: string,
): Promise<unknown> {
  return Promise.allSettled([...frameData(queryClient, user), screenData(queryClient, pathname, search)]);
}
