import type { FastifyBaseLogger } from 'fastify';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { recordListingEvent } from '../alerts/listing-events.ts';
import type { EventBus } from '../events/event-bus.ts';
import { freshLifecycle } from '../alerts/listing-lifecycle.ts';
import type { Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { ImageJobRunner } from '../images/image-queue.ts';
import type { Storage } from '../storage/storage.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { assertNoProhibitedWords } from '../moderation/prohibited-words.ts';
import type { StoredImage } from './product.mapper.ts';
import { type ProductForm, assertPhotoCount, parseKeptImageIds, parseListingFields } from './product-form.ts';
import { type PreparedPhoto, discardPhotos, preparePhotos, removeDroppedPhotos, storePhotos } from './product-photos.ts';
import {
  type ListingForChange,
  deleteListing,
  insertListing,
  insertListingImages,
  lockListingForChange,
  replaceListingImages,
  updateListing,
} from './products.repository.ts';

export interface ListingChangeContext {
  db: Database;
  storage: Storage;
  images: ImageJobRunner;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Listing events (alerts) are enqueued in the change's transaction. */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** LISTING_TTL_DAYS: a new or edited listing's time to live. */
  listingTtlDays: number;
  /** Where the prohibited word list hears of changes. */
  events: EventBus;
}

/**
 * Writes the new photos, then runs the database change; if that fails, the new files go too, so
 * a failed call leaves no row and no file behind.
 */
async function withStoredPhotos<T>(ctx: ListingChangeContext, photos: PreparedPhoto[], change: () => Promise<T>): Promise<T> {
  await storePhotos(ctx.storage, photos);
  try {
    return await change();
  } catch (error) {
    await discardPhotos(ctx.storage, photos).catch((cleanupError: unknown) =>
      ctx.log.error({ err: cleanupError }, 'could not remove the photos of a failed listing change'),
    );
    throw error;
  }
}

/** Sell: a new listing of the session's user with 1 to 5 photos. Returns its id. */
export async function createListing(ctx: ListingChangeContext, seller: UserRow, form: ProductForm): Promise<string> {
  const fields = parseListingFields(form);
  await assertNoProhibitedWords(ctx, ctx.db, [fields.title, fields.description]);
  assertPhotoCount(form.photos.length);
  const photos = await preparePhotos(form.photos, ctx.images);
  return withStoredPhotos(ctx, photos, () =>
    ctx.db.transaction(async (tx) => {
      const id = await insertListing(tx, seller.id, fields, freshLifecycle(ctx.clock.now(), ctx.listingTtlDays));
      await insertListingImages(tx, id, photos);
      await recordListingEvent(tx, ctx.jobs, { productId: id, kind: 'listed' });
      return id;
    }),
  );
}

/** Only the seller or an admin changes a listing; nobody edits one that is sold. */
function assertMayChange(actor: UserRow, listing: ListingForChange | undefined): asserts listing is ListingForChange {
  if (!listing) throw notFound(productMessages.notFound);
  if (listing.sellerId !== actor.id && !actor.isAdmin) throw forbidden(authMessages.onlyOwnListings);
}

function assertEditable(listing: ListingForChange) {
  if (listing.soldOut) throw conflict(productMessages.alreadySold);
}

/** An admin acting on someone else's listing leaves a record, in the same transaction. */
async function auditAdminChange(
  tx: Queryable,
  actor: UserRow,
  listing: ListingForChange,
  action: 'product.edit' | 'product.delete',
) {
  if (listing.sellerId === actor.id) return;
  await recordAudit(tx, actor, {
    action,
    targetType: 'product',
    targetId: listing.id,
    subjectUserId: listing.sellerId,
    details: { sellerId: listing.sellerId, title: listing.title },
  });
}

/** Splits the current photos into kept (in the order asked for) and dropped. */
function splitPhotos(current: StoredImage[], keptIds: string[] | undefined) {
  if (keptIds === undefined) return { kept: current, dropped: [] };
  const currentById = new Map(current.map((image) => [image.id, image]));
  const kept = keptIds.flatMap((id) => currentById.get(id) ?? []);
  const keptSet = new Set(kept.map((image) => image.id));
  return { kept, dropped: current.filter((image) => !keptSet.has(image.id)) };
}

/**
 * Edit: new text fields, the kept photos (existingImages) and new ones, 1 to 5 in all. Dropped
 * photos' files are removed only after the change commits.
 */
export async function editListing(ctx: ListingChangeContext, actor: UserRow, id: string, form: ProductForm): Promise<void> {
  // A cheap first look, so a refused call decodes nothing; the transaction checks again under lock.
  const before = await ctx.db.transaction((tx) => lockListingForChange(tx, id));
  assertMayChange(actor, before);
  assertEditable(before);
  const fields = parseListingFields(form);
  await assertNoProhibitedWords(ctx, ctx.db, [fields.title, fields.description]);
  const keptIds = parseKeptImageIds(form);
  assertPhotoCount(splitPhotos(before.images, keptIds).kept.length + form.photos.length);
  const photos = await preparePhotos(form.photos, ctx.images);

  const dropped = await withStoredPhotos(ctx, photos, () =>
    ctx.db.transaction(async (tx) => {
      const listing = await lockListingForChange(tx, id);
      assertMayChange(actor, listing);
      assertEditable(listing);
      const { kept, dropped } = splitPhotos(listing.images, keptIds);
      assertPhotoCount(kept.length + photos.length);
      // Editing renews: back on top of Newest with a fresh time to live (issue 24).
      const wasExpired = listing.expired;
      await updateListing(tx, id, fields, freshLifecycle(ctx.clock.now(), ctx.listingTtlDays));
      await recordListingEvent(tx, ctx.jobs, { productId: id, kind: wasExpired ? 'renewed' : 'edited' });
      if (fields.price < listing.price) {
        await recordListingEvent(tx, ctx.jobs, {
          productId: id,
          kind: 'price-drop',
          oldPrice: listing.price,
          newPrice: fields.price,
        });
      }
      await replaceListingImages(
        tx,
        id,
        kept.map((image) => image.id),
        dropped,
        photos,
      );
      await auditAdminChange(tx, actor, listing, 'product.edit');
      return dropped;
    }),
  );
  await removeDroppedPhotos(ctx.db, ctx.storage, ctx.log, dropped);
}

/** Delete: the listing with its photos, wishlist entries and buy requests, then its files. */
export async function removeListing(ctx: ListingChangeContext, actor: UserRow, id: string): Promise<void> {
  const dropped = await ctx.db.transaction(async (tx) => {
    const listing = await lockListingForChange(tx, id);
    assertMayChange(actor, listing);
    await deleteListing(tx, id);
    await auditAdminChange(tx, actor, listing, 'product.delete');
    return listing.images;
  });
  await removeDroppedPhotos(ctx.db, ctx.storage, ctx.log, dropped);
}
