/**
 * Listings and their neighbours written straight into the database (and photo files into
 * storage), so account deletion can be checked against everything a user leaves behind.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { buyRequests, wishlistItems } from '#server/db/schema/index.ts';
import { photoKeys } from '#server/products/product-photos.ts';
import type { Storage } from '#server/storage/storage.ts';
import { insertListing } from '../../support/factories.ts';
import { type Upload, listingForm } from '../../support/photos.ts';

/** A listing through the shared factory, with its photo files really written to storage. */
export async function insertListingWithFiles(
  db: Database,
  storage: Storage,
  sellerId: string,
  options: { photos?: number; soldOut?: boolean } = {},
) {
  const photos = Array.from({ length: options.photos ?? 1 }, () => photoKeys(randomUUID()));
  const photoFiles = photos.flatMap((photo) => [photo.storageKey, photo.cardStorageKey]);
  for (const key of photoFiles) await storage.put(key, Buffer.from(key), 'image/webp');
  const productId = await insertListing(db, { sellerId, photos, soldOut: options.soldOut ?? false });
  return { productId, photoKeys: photoFiles };
}

export async function addToWishlist(db: Database, userId: string, productId: string) {
  await db.insert(wishlistItems).values({ userId, productId });
}

export async function addBuyRequest(db: Database, buyerId: string, productId: string) {
  await db.insert(buyRequests).values({ buyerId, productId, message: 'Is this still available?' });
}

/** The account page's photo form: one `images` file, as registration sends it. */
export function photoForm(photo: Upload) {
  return listingForm({}, [photo]);
}
