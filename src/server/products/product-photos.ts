import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { processProductImage } from '../images/image-processing.ts';
import { type ImageJobRunner, runImageJobNow } from '../images/image-queue.ts';
import type { Storage } from '../storage/storage.ts';
import type { StoredImage } from './product.mapper.ts';
import { type NewImageRow, findUsedStorageKeys } from './products.repository.ts';

const WEBP = 'image/webp';

/** A decoded, re-encoded photo with its fresh storage keys, ready to be written. */
export interface PreparedPhoto extends NewImageRow {
  full: Buffer;
  card: Buffer;
}

/** Keys are new for every file, which is what lets /uploads/ be cached as immutable. */
export function photoKeys(id: string) {
  return { storageKey: `products/${id}.webp`, cardStorageKey: `products/${id}-card.webp` };
}

/**
 * Decodes every upload with sharp (a file that is not an image, an SVG or a pixel bomb is refused
 * here, before anything is stored) and re-encodes it without metadata. One at a time, each
 * taking its own turn in the image queue, so a form of five large photos neither holds five
 * decoded bitmaps at once nor keeps other sellers waiting until all five are done.
 */
export async function preparePhotos(uploads: Buffer[], images: ImageJobRunner = runImageJobNow): Promise<PreparedPhoto[]> {
  const prepared: PreparedPhoto[] = [];
  for (const upload of uploads) {
    const { full, card } = await images.run(() => processProductImage(upload));
    const id = randomUUID();
    prepared.push({ id, ...photoKeys(id), width: full.width, height: full.height, full: full.data, card: card.data });
  }
  return prepared;
}

/** Writes both variants of every photo; if any write fails, none is left behind. */
export async function storePhotos(storage: Storage, photos: PreparedPhoto[]): Promise<void> {
  try {
    await Promise.all(
      photos.flatMap((photo) => [
        storage.put(photo.storageKey, photo.full, WEBP),
        storage.put(photo.cardStorageKey, photo.card, WEBP),
      ]),
    );
  } catch (error) {
    await discardPhotos(storage, photos);
    throw error;
  }
}

/** Removes the files of photos whose database change did not happen. */
export async function discardPhotos(storage: Storage, photos: Pick<StoredImage, 'storageKey' | 'cardStorageKey'>[]) {
  await storage.remove(photos.flatMap((photo) => [photo.storageKey, photo.cardStorageKey]));
}

/**
 * After a committed edit or delete: removes the files of dropped photos that no other row uses.
 * The database change stands either way, so a failure here is logged, not thrown.
 */
export async function removeDroppedPhotos(
  db: Queryable,
  storage: Storage,
  log: FastifyBaseLogger,
  dropped: StoredImage[],
): Promise<void> {
  if (dropped.length === 0) return;
  try {
    const stillUsed = await findUsedStorageKeys(
      db,
      dropped.map((photo) => photo.storageKey),
    );
    await discardPhotos(
      storage,
      dropped.filter((photo) => !stillUsed.has(photo.storageKey)),
    );
  } catch (error) {
    log.error({ err: error, keys: dropped.map((photo) => photo.storageKey) }, 'could not remove dropped photos');
  }
}
