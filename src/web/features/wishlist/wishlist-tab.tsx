import { HeartOff } from 'lucide-react';
import { WISHLIST_SKELETON_COUNT } from '#domain/constants.ts';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import { ProductCardList, ProductGridSkeleton } from '#web/features/products/components/product-grid.tsx';
import { useWishlist } from './api/get-wishlist.ts';

/** The account page's Wishlist tab (spec 2): the wishlisted products as cards, each with its heart. */
export function WishlistTab() {
  const wishlist = useWishlist();
  const products = wishlist.data ?? [];

  return (
    <section aria-labelledby="wishlist-heading" className="space-y-4">
      <h2 id="wishlist-heading" className="text-xl font-bold text-slate-900">
        Wishlist
        {wishlist.isSuccess && products.length > 0 && (
          <span className="ml-2 text-base font-medium text-slate-600">({products.length})</span>
        )}
      </h2>
      {/* Only while a fetch runs: an admin's wishlist is never fetched, so it is simply empty. */}
      {wishlist.isLoading ? (
        <div role="status" aria-label="Loading your wishlist">
          <ProductGridSkeleton count={WISHLIST_SKELETON_COUNT} />
        </div>
      ) : products.length === 0 ? (
        // A failed load ends loading too (spec 4) and leaves the list empty.
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-14 text-center ring-1 ring-slate-200">
          <HeartOff className="h-12 w-12 text-rose-500" aria-hidden="true" />
          <p className="text-lg font-semibold text-slate-800">{wishlistMessages.empty}</p>
        </div>
      ) : (
        <ProductCardList products={products} label="Wishlist" />
      )}
    </section>
  );
}
