import { z } from 'zod';
import { CATEGORIES, CONDITIONS } from '../catalog.ts';
import { profilePictureSchema } from '../users/user.wire.ts';

/** One stored photo; `url` and `secure_url` are the full size, `cardUrl` the ~480 px variant. */
export const productImageSchema = z.object({
  _id: z.string(),
  url: z.string(),
  secure_url: z.string(),
  cardUrl: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** The seller as populated on a product; e-mail and phone are left out for anonymous callers. */
export const productSellerSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string().optional(),
  phoneNumber: z.string().nullable().optional(),
  profilePicture: profilePictureSchema,
});

export const productSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITIONS),
  images: z.array(productImageSchema),
  rating: z.number(),
  numReviews: z.number(),
  soldOut: z.boolean(),
  buyer: z.string().nullable(),
  /** What it sold for (an accepted offer, else the asking price); only for its seller, buyer and admins. */
  soldPrice: z.number().nullable(),
  /** The seller holds it (issue 23): it stays listed with a 'Reserved' badge, after available ones. */
  reserved: z.boolean(),
  /** For whom: only its seller, that buyer and admins see it (null for everyone else, or for nobody). */
  reservedFor: z.string().nullable(),
  seller: productSellerSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Listed or last renewed: Newest sorts by it (issue 24). */
  renewedAt: z.string(),
  /** When it expires unless renewed (past, with expired true, once it has). */
  expiresAt: z.string(),
  /** Not renewed in time: hidden from browsing, shown to its seller with Renew. */
  expired: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const categoryCountSchema = z.object({ name: z.enum(CATEGORIES), count: z.number() });

/** Pass it back as `cursor` for the page after this one; null when this page is the last. */
const nextCursorSchema = z.string().nullable();

export const productListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  nextCursor: nextCursorSchema,
  categories: z.array(categoryCountSchema),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** GET /api/v1/products/{id}. */
export const productResponseSchema = z.object({ success: z.literal(true), product: productSchema });
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** createProduct and edit/{id} answer with the stored listing as it now is. */
export const productSavedResponseSchema = z.object({ success: z.literal(true), msg: z.string(), product: productSchema });
export type ProductSavedResponse = z.infer<typeof productSavedResponseSchema>;

/** GET /api/v1/products/my-listings/{userId}: newest first, paged like the list. */
export const myListingsResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  nextCursor: nextCursorSchema,
});
export type MyListingsResponse = z.infer<typeof myListingsResponseSchema>;

/** GET /api/v1/products/suggestions?q=: titles of visible listings containing the text, prefix matches first. */
export const searchSuggestionsResponseSchema = z.object({ success: z.literal(true), suggestions: z.array(z.string()) });
export type SearchSuggestionsResponse = z.infer<typeof searchSuggestionsResponseSchema>;
