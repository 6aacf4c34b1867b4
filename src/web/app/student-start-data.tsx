import { useLoadRequestedProducts } from '#web/features/buy-requests/api/load-requested-products.ts';
import { useWishlist } from '#web/features/wishlist/api/get-wishlist.ts';

/**
 * Loads a signed-in student's wishlist and the listings they have requested, once the session is
 * known (spec 4: at start). A component of its own so the app shell fetches its code only for a
 * student, and the login page does not carry it.
 */
export function StudentStartData() {
  useWishlist();
  useLoadRequestedProducts();
  return null;
}
