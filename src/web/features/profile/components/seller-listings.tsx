import { PRODUCTS_PAGE_SIZE_MAX } from '#domain/constants.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { useProductList } from '#web/features/products/api/get-products.ts';
import { LoadMore } from '#web/features/products/components/load-more.tsx';
import { ProductCardList, ProductGridSkeleton } from '#web/features/products/components/product-grid.tsx';

/**
 * A seller's available listings: the product list filtered by seller, without the ones already
 * sold (the list answers those too, for My Listings' sake).
 */
export function SellerListings({ sellerId }: { sellerId: string }) {
  const list = useProductList({ sellerId, sort: 'newest', limit: PRODUCTS_PAGE_SIZE_MAX });
  const available = (list.data?.pages ?? []).flatMap((page) => page.products).filter((product) => !product.soldOut);

  return (
    <section aria-labelledby="seller-listings-heading" className="space-y-4">
      <h2 id="seller-listings-heading" className="text-xl font-bold text-slate-900">
        {profileMessages.sellerListingsHeading}
        {list.isSuccess && !list.hasNextPage && (
          <span className="ml-2 text-base font-medium text-slate-600">({available.length})</span>
        )}
      </h2>
      {list.isPending ? (
        <ProductGridSkeleton count={4} />
      ) : available.length === 0 && !list.hasNextPage ? (
        <p className="rounded-2xl bg-white px-6 py-10 text-center text-slate-700 ring-1 ring-slate-200">
          {profileMessages.sellerNoListings}
        </p>
      ) : (
        <ProductCardList products={available} label={profileMessages.sellerListingsHeading} />
      )}
      {!list.isError && (
        <LoadMore
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={list.fetchNextPage}
        />
      )}
    </section>
  );
}
