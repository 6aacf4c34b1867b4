import { useLoadRequestedProducts } from '#web/features/buy-requests/api/load-requested-products.ts';
import { useWishlist } from '#web/features/wishlist/api/get-wishlist.ts';

/**
 * Loads a signed-in student's wishlist and the listings they have requested (spec 4: at start).
 * Drawn by the shop's frame, which only students see, so it comes with the frame's code: no file
 * of its own to fetch, and nothing on the login page.
 */
export function StudentStartData() {
  useWishlist();
  useLoadRequestedProducts();
  return null;
}
