import { type Column, eq, inArray, sql } from 'drizzle-orm';
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

/** The listing's own columns of a card, as selected from products (or from a page of them). */
export const listingColumns = {
  id: products.id,
  sellerId: products.sellerId,
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
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};
/** listingColumns, or the same columns of a subquery that selected them. */
export type ListingColumns = { [K in keyof typeof listingColumns]: Column };

/**
 * The columns of one product card: the listing, its seller and its photos, in one row, so a page
 * of cards is a single round trip whatever the number of photos. `source` is the products table
 * or a subquery selecting listingColumns (a page: its photos are then gathered for that page only).
 */
export function cardColumnsOf<Source extends ListingColumns>(source: Source) {
  return {
    // Named one by one (a subquery object carries more than its columns); the casts keep each column's type.
    id: source.id as Source['id'],
    title: source.title as Source['title'],
    description: source.description as Source['description'],
    price: source.price as Source['price'],
    originalPrice: source.originalPrice as Source['originalPrice'],
    category: source.category as Source['category'],
    condition: source.condition as Source['condition'],
    rating: source.rating as Source['rating'],
    numReviews: source.numReviews as Source['numReviews'],
    soldOut: source.soldOut as Source['soldOut'],
    buyerId: source.buyerId as Source['buyerId'],
    createdAt: source.createdAt as Source['createdAt'],
    updatedAt: source.updatedAt as Source['updatedAt'],
    seller: {
      id: users.id,
      userName: users.userName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      profilePictureKey: users.profilePictureKey,
    },
    images: sql<StoredImage[] | string>`coalesce((
      select json_agg(json_build_object('id', i.id, 'storageKey', i.storage_key, 'cardStorageKey', i.card_storage_key) order by i.position)
      from product_images i where i.product_id = ${source.id}
    ), '[]'::json)`,
  };
}

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
  createdAt: Date;
  updatedAt: Date;
  seller: { id: string; userName: string; email: string; phoneNumber: string | null; profilePictureKey: string | null };
  images: StoredImage[] | string;
}

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
  return viewer !== null && (viewer.isAdmin || viewer.id === row.seller.id || viewer.id === row.buyerId);
}

function imagesOf(row: ProductCardRow): StoredImage[] {
  // Both drivers parse json, but a driver configured otherwise would hand us the text.
  return typeof row.images === 'string' ? (JSON.parse(row.images) as StoredImage[]) : row.images;
}

export function toProduct(row: ProductCardRow, storage: Storage, audience: CardAudience): Product {
  const { seller } = row;
  if (row.buyerId !== null) audience.personal?.add(seller.id).add(row.buyerId);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    originalPrice: row.originalPrice,
    category: row.category,
    condition: row.condition,
    images: imagesOf(row).map((image) => {
      const url = storage.urlFor(image.storageKey);
      return { _id: image.id, url, secure_url: url, cardUrl: storage.urlFor(image.cardStorageKey) };
    }),
    rating: row.rating,
    numReviews: row.numReviews,
    soldOut: row.soldOut,
    buyer: seesBuyer(audience, row) ? row.buyerId : null,
    seller: {
      _id: seller.id,
      userName: seller.userName,
      ...(audience.viewer ? { email: seller.email, phoneNumber: seller.phoneNumber } : {}),
      profilePicture: profilePictureOf(seller, storage),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The card query without a filter: callers add where / order / limit. */
export function selectProductCards(db: Queryable) {
  return db.select(cardColumnsOf(listingColumns)).from(products).innerJoin(users, eq(users.id, products.sellerId));
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
