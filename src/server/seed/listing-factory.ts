import { randomUUID } from 'node:crypto';
import { DAY_MS, LISTING_TTL_DAYS_DEFAULT } from '#domain/alerts/listing-lifecycle.ts';
import type { Category, Condition } from '#domain/catalog.ts';
import type { Queryable } from '../db/client.ts';
import { productImages, products } from '../db/schema/index.ts';
import { photoKeys } from '../products/product-photos.ts';

/**
 * Listings written straight to the database: the seed script (demo and scale catalogues) and the
 * tests build theirs with the same factory, so a "listing" means the same thing in both.
 */
export interface NewListing {
  sellerId: string;
  title?: string;
  description?: string;
  price?: number;
  originalPrice?: number | null;
  category?: Category;
  condition?: Condition;
  rating?: number;
  numReviews?: number;
  soldOut?: boolean;
  buyerId?: string | null;
  /** When it was sold; a sold listing without one counts as sold when it was listed (or now). */
  soldAt?: Date;
  /** What a sold listing sold for (null: sold elsewhere, or not said). */
  soldPrice?: number | null;
  createdAt?: Date;
  /** Listed or last renewed (Newest sorts by it); defaults to createdAt. */
  renewedAt?: Date;
  /** Defaults to LISTING_TTL_DAYS_DEFAULT days after renewedAt. */
  expiresAt?: Date;
  expired?: boolean;
  /** Its seller was already warned that it expires soon (the expiry job has run before). */
  expiryWarned?: boolean;
  /** Storage keys of its photos (files written by the caller); one made-up photo when absent. */
  photos?: { storageKey: string; cardStorageKey: string; width?: number; height?: number }[];
}

function listingValues(listing: NewListing, id: string): typeof products.$inferInsert {
  return {
    id,
    sellerId: listing.sellerId,
    title: listing.title ?? `Listing ${id.slice(0, 8)}`,
    description: listing.description ?? 'Gently used, collect from the hostel.',
    price: listing.price ?? 500,
    originalPrice: listing.originalPrice ?? null,
    category: listing.category ?? 'Others',
    condition: listing.condition ?? 'Good',
    rating: listing.rating ?? 0,
    numReviews: listing.numReviews ?? 0,
    soldOut: listing.soldOut ?? false,
    buyerId: listing.buyerId ?? null,
    // The schema requires a sale time exactly on sold listings.
    soldAt: listing.soldOut ? (listing.soldAt ?? listing.createdAt ?? new Date()) : null,
    soldPrice: listing.soldOut ? (listing.soldPrice ?? null) : null,
    ...(listing.createdAt ? { createdAt: listing.createdAt, updatedAt: listing.createdAt } : {}),
    ...lifecycleValues(listing),
  };
}

/** When it was (re)listed and until when it stays up: from createdAt unless given. */
function lifecycleValues(listing: NewListing): Partial<typeof products.$inferInsert> {
  const renewedAt = listing.renewedAt ?? listing.createdAt;
  const expiresAt =
    listing.expiresAt ?? (renewedAt ? new Date(renewedAt.getTime() + LISTING_TTL_DAYS_DEFAULT * DAY_MS) : undefined);
  return {
    ...(renewedAt ? { renewedAt } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    ...(listing.expired && !listing.soldOut ? { expired: true, expiryWarned: true } : {}),
    ...(listing.expiryWarned ? { expiryWarned: true } : {}),
  };
}

function photoValues(listing: NewListing, productId: string): (typeof productImages.$inferInsert)[] {
  const photos: NonNullable<NewListing['photos']> = listing.photos ?? [photoKeys(randomUUID())];
  return photos.map((photo, position) => ({
    productId,
    position,
    storageKey: photo.storageKey,
    cardStorageKey: photo.cardStorageKey,
    width: photo.width ?? 1200,
    height: photo.height ?? 900,
  }));
}

/** Inserts listings and their photo rows in two bulk statements; returns the new ids in order. */
export async function insertListings(db: Queryable, listings: NewListing[]): Promise<string[]> {
  if (listings.length === 0) return [];
  const ids = listings.map(() => randomUUID());
  await db.insert(products).values(listings.map((listing, index) => listingValues(listing, ids[index]!)));
  await db.insert(productImages).values(listings.flatMap((listing, index) => photoValues(listing, ids[index]!)));
  return ids;
}

export async function insertListing(db: Queryable, listing: NewListing): Promise<string> {
  const [id] = await insertListings(db, [listing]);
  return id!;
}
