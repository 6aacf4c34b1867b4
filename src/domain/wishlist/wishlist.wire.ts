import { z } from 'zod';
import { productSchema } from '../products/product.wire.ts';

/** GET /api/v1/wishlist/get-wishlist: full product cards, most recently wishlisted first. */
export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  wishlistProducts: z.array(productSchema),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

/** add/{productId} and delete/{productId}. */
export const wishlistChangeResponseSchema = z.object({ success: z.literal(true), msg: z.string() });
export type WishlistChangeResponse = z.infer<typeof wishlistChangeResponseSchema>;
