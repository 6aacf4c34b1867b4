import { PackageOpen } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { productMessages } from '#domain/products/product.messages.ts';
import { firstNameOf } from '#domain/users/first-name.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { InterestedBuyersButton } from '#web/features/buy-requests/components/interested-buyers-button.tsx';
import { ListingDealActions } from '#web/features/buy-requests/components/listing-deal-actions.tsx';
import { useListings } from '#web/features/products/api/get-my-listings.ts';
import { LoadMore } from '#web/features/products/components/load-more.tsx';
import { ProductGrid, ProductGridSkeleton } from '#web/features/products/components/product-grid.tsx';
import { ListingCard } from './components/listing-card.tsx';

/**
 * My Listings (spec 2): "{first name}'s Uploads" and the user's own listings with Edit /
 * 'Sold Out' / Delete. For an admin the heading is blank and the grid holds every product.
 */
export function MyListingsPage() {
  const user = useCurrentUser();
  const listings = useListings(user._id);
  // A failed fetch shows the same empty page (spec 4: "empty on failure").
  const products = useMemo(() => listings.data?.pages.flatMap((page) => page.products) ?? [], [listings.data]);

  return (
    <div className="space-y-6">
      {user.isAdmin ? (
        <h1 className="sr-only">All products</h1>
      ) : (
        <PageTitle className="break-words">{`${firstNameOf(user.userName)}'s Uploads`}</PageTitle>
      )}
      {listings.isPending ? (
        <ProductGridSkeleton count={4} />
      ) : products.length === 0 ? (
        !user.isAdmin && <NoListings />
      ) : (
        <ProductGrid label="Your listings">
          {products.map((product) => (
            <li key={product._id} className="flex">
              <ListingCard
                product={product}
                canEdit={!user.isAdmin}
                adminLinks={user.isAdmin}
                headingLevel={2}
                extraActions={
                  product.seller._id === user._id &&
                  !product.soldOut && (
                    <>
                      <InterestedBuyersButton product={product} />
                      <ListingDealActions product={product} size="sm" />
                    </>
                  )
                }
              />
            </li>
          ))}
        </ProductGrid>
      )}
      {!listings.isError && (
        <LoadMore
          hasNextPage={listings.hasNextPage}
          isFetchingNextPage={listings.isFetchingNextPage}
          fetchNextPage={listings.fetchNextPage}
        />
      )}
    </div>
  );
}

function NoListings() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-14 text-center ring-1 ring-slate-200">
      <PackageOpen className="h-14 w-14 text-brand-600" aria-hidden="true" />
      <h2 className="text-xl font-bold text-slate-900">{productMessages.noListings}</h2>
      <p className="max-w-md text-slate-700">{productMessages.noListingsEncouragement}</p>
      <Link to={paths.shop.sell} className={buttonClasses('primary', 'lg')}>
        Sell Product
      </Link>
    </div>
  );
}
