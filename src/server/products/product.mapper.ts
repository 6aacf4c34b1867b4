import { eq, inArray, sql } from 'drizzle-orm';
import type { Product } from '#domain/products/product.wire.ts';
import type { Queryable } from '../db/client.ts';
import { products, users } from '../db/schema/index.ts';
import type { Storage } from '../storage/storage.ts';
import { profilePictureOf, type UserRow } from '../users/user.mapper.ts';

/** A stored photo as the card query returns it (json_agg, in display order). */
export interface StoredImage {
  id: string;
  storageKey: string;
  cardStorageKey: string;
}

/**
 * One product card as a row: the listing, its seller and its photos, so a page of cards is a
 * single round trip whatever the number of photos. Flat, as both the drizzle card query below and
 * the hand-written listing statements (listing-statements.ts) select it.
 */
export interface ProductCardRow {
  id: string;
  title: string;
  description: string;
  price: number;
  originalPrice: number | null;
  category: Product['category'];
  condition: Product['condition'];
  rating: number;
  numReviews: number;
  soldOut: boolean;
  buyerId: string | null;
  soldPrice: number | null;
  reserved: boolean;
  reservedForId: string | null;
  /** Times: ISO text from the listing statements (listing-statements.ts isoTime), a Date from drizzle's query. */
  createdAt: Date | string;
  updatedAt: Date | string;
  renewedAt: Date | string;
  expiresAt: Date | string;
  expired: boolean;
  sellerId: string;
  sellerUserName: string;
  sellerEmail: string;
  sellerPhoneNumber: string | null;
  sellerProfilePictureKey: string | null;
  images: StoredImage[] | string;
}

/** The photos of the listing `productId` names, as json_agg in display order. */
export function imagesOf(productId: string): string {
  return `coalesce((
      select json_agg(json_build_object('id', i.id, 'storageKey', i.storage_key, 'cardStorageKey', i.card_storage_key) order by i.position)
      from product_images i where i.product_id = ${productId}
    ), '[]'::json)`;
}

const cardColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  price: products.price,
  originalPrice: products.originalPrice,
  category: products.category,
  condition: products.condition,
  rating: products.rating,
  numReviews: products.numReviews,
  soldOut: products.soldOut,
  buyerId: products.buyerId,
  soldPrice: products.soldPrice,
  reserved: products.reserved,
  reservedForId: products.reservedForId,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  renewedAt: products.renewedAt,
  expiresAt: products.expiresAt,
  expired: products.expired,
  sellerId: users.id,
  sellerUserName: users.userName,
  sellerEmail: users.email,
  sellerPhoneNumber: users.phoneNumber,
  sellerProfilePictureKey: users.profilePictureKey,
  images: sql<StoredImage[] | string>`${sql.raw(imagesOf('"products"."id"'))}`,
};

/**
 * Who reads the card. The seller's e-mail and phone (architecture: wire contract) go only to
 * signed-in callers. Who bought a sold listing is the seller's, the buyer's and the admins'
 * business, not the whole campus's, so everyone else reads buyer: null.
 */
export interface CardAudience {
  viewer: Pick<UserRow, 'id' | 'isAdmin'> | null;
  /**
   * Collects who would read these cards differently from other students (the seller and the
   * buyer of a sold listing see its buyer), so the listing cache keeps their answers apart.
   */
  personal?: Set<string> | undefined;
}

function seesBuyer({ viewer }: CardAudience, row: ProductCardRow): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.id === row.sellerId || viewer.id === row.buyerId);
}

/** For whom a listing is reserved is the seller's, that buyer's and the admins' business. */
function seesReservation({ viewer }: CardAudience, row: ProductCardRow): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.id === row.sellerId || viewer.id === row.reservedForId);
}

function storedImagesOf(row: ProductCardRow): StoredImage[] {
  // Both drivers parse json, but a driver configured otherwise would hand us the text.
  return typeof row.images === 'string' ? (JSON.parse(row.images) as StoredImage[]) : row.images;
}

const isoOf = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString());

export function toProduct(row: ProductCardRow, storage: Storage, audience: CardAudience): Product {
  if (row.buyerId !== null) audience.personal?.add(row.sellerId).add(row.buyerId);
  if (row.reservedForId !== null) audience.personal?.add(row.sellerId).add(row.reservedForId);
  const buyerSees = seesBuyer(audience, row);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    originalPrice: row.originalPrice,
    category: row.category,
    condition: row.condition,
    images: storedImagesOf(row).map((image) => {
      const url = storage.urlFor(image.storageKey);
      return { _id: image.id, url, secure_url: url, cardUrl: storage.urlFor(image.cardStorageKey) };
    }),
    rating: row.rating,
    numReviews: row.numReviews,
    soldOut: row.soldOut,
    buyer: buyerSees ? row.buyerId : null,
    soldPrice: buyerSees || (audience.viewer !== null && audience.viewer.id === row.sellerId) ? row.soldPrice : null,
    reserved: row.reserved,
    reservedFor: seesReservation(audience, row) ? row.reservedForId : null,
    seller: {
      _id: row.sellerId,
      userName: row.sellerUserName,
      ...(audience.viewer ? { email: row.sellerEmail, phoneNumber: row.sellerPhoneNumber } : {}),
      profilePicture: profilePictureOf({ profilePictureKey: row.sellerProfilePictureKey }, storage),
    },
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    renewedAt: isoOf(row.renewedAt),
    expiresAt: isoOf(row.expiresAt),
    expired: row.expired,
  };
}

/** The card query without a filter: callers add where / order / limit. */
export function selectProductCards(db: Queryable) {
  return db.select(cardColumns).from(products).innerJoin(users, eq(users.id, products.sellerId));
}

/**
 * Full product cards for a list of ids, in the order of the ids; ids with no product are left
 * out. Other features (the wishlist, buy requests) load their products through this.
 */
export async function loadProductCards(
  db: Queryable,
  storage: Storage,
  ids: readonly string[],
  audience: CardAudience,
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProductCards(db).where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduct(row, storage, audience)] : [];
  });
}

/** One product card, or undefined. */
export async function loadProductCard(
  db: Queryable,
  storage: Storage,
  id: string,
  audience: CardAudience,
): Promise<Product | undefined> {
  const [product] = await loadProductCards(db, storage, [id], audience);
  return product;
}
