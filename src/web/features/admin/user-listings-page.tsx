import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { firstNameOf } from '#domain/users/first-name.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ListingCard } from '#web/features/listings/components/listing-card.tsx';
import { useListings } from '#web/features/products/api/get-my-listings.ts';
import { LoadMore } from '#web/features/products/components/load-more.tsx';
import { ProductGrid, ProductGridSkeleton } from '#web/features/products/components/product-grid.tsx';
import { useUserProfile } from '#web/features/profile/api/get-user-profile.ts';
import { ProductForm } from '#web/features/sell/components/product-form.tsx';
import { UserLoadError } from '#web/features/profile/components/user-load-error.tsx';

/**
 * One user's uploads for an admin (spec 2 and 6): titled with the user's first name, every
 * listing with Edit and Delete. Edit opens the Sell form in a dialog: the Sell page is a shop page.
 */
export function UserListingsPage() {
  const { userId = '' } = useParams();
  const owner = useUserProfile(userId);
  const listings = useListings(userId);
  const [editing, setEditing] = useState<Product | null>(null);
  const products = useMemo(() => listings.data?.pages.flatMap((page) => page.products) ?? [], [listings.data]);

  if (owner.isError) return <UserLoadError error={owner.error} />;

  return (
    <div className="space-y-6">
      {owner.isPending ? (
        <Skeleton className="h-9 w-56" />
      ) : (
        <PageTitle className="break-words">{`${firstNameOf(owner.data.userName)}'s Uploads`}</PageTitle>
      )}
      {listings.isPending ? (
        <ProductGridSkeleton count={4} />
      ) : products.length === 0 ? (
        <p className="rounded-2xl bg-white px-6 py-12 text-center text-slate-700 ring-1 ring-slate-200">
          {adminMessages.userHasNoListings}
        </p>
      ) : (
        <ProductGrid label="Listings">
          {products.map((product) => (
            <li key={product._id} className="flex">
              <ListingCard product={product} canEdit adminLinks onEdit={setEditing} headingLevel={2} />
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
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title="Edit Product"
        className="max-h-[90dvh] max-w-3xl overflow-y-auto"
      >
        {editing && <ProductForm key={editing._id} product={editing} onSaved={() => setEditing(null)} />}
      </Dialog>
    </div>
  );
}
