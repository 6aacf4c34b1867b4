import type { Product } from '#domain/products/product.wire.ts';
import { type ReactNode, memo } from 'react';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { WishlistHeart } from '#web/features/wishlist/components/wishlist-heart.tsx';
import { getsHeart, useWishlistHearts } from '#web/features/wishlist/use-wishlist-hearts.ts';
import { cn } from '#web/lib/cn.ts';
import { ProductCard } from './product-card.tsx';

/**
 * The grid of spec 2 and 9, dense on phones (issue 22): 2 columns of compact cards below sm,
 * then 2 / 3 / 4 (4 from 1024 px: a laptop at 1280 shows four).
 */
export const productGridClasses = 'grid grid-cols-2 gap-3 lg:grid-cols-4 sm:gap-5';

export function ProductGrid({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    <ul className={cn(productGridClasses, className)} aria-label={label}>
      {children}
    </ul>
  );
}

/** Card-shaped placeholders, so the page keeps its shape while products load. */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className={productGridClasses} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The first row (up to four columns) loads at once; the first card's photo, the likely LCP, first of all. */
function imagePriorityAt(index: number): 'high' | 'eager' | undefined {
  if (index === 0) return 'high';
  return index < 4 ? 'eager' : undefined;
}

interface ProductCardItemProps {
  product: Product;
  headingLevel?: 2 | 3;
  imagePriority?: 'high' | 'eager';
  adminLinks: boolean;
  /** The viewer gets a heart here: a student, not on their own listing. */
  canWishlist: boolean;
  isWishlisted: boolean;
  /** A toggle of this product is running. */
  wishlistBusy: boolean;
  onToggleWishlist: (product: Product, add: boolean) => void;
  renderFooter?: ((product: Product) => ReactNode) | undefined;
}

/**
 * One grid cell. Memoized on plain values, so a heart's toggle or a refetched wishlist redraws
 * only the cards whose state changed.
 */
const ProductCardItem = memo(function ProductCardItem({
  product,
  headingLevel,
  imagePriority,
  adminLinks,
  canWishlist,
  isWishlisted,
  wishlistBusy,
  onToggleWishlist,
  renderFooter,
}: ProductCardItemProps) {
  return (
    <li className="flex">
      <ProductCard
        product={product}
        headingLevel={headingLevel}
        imagePriority={imagePriority}
        adminLinks={adminLinks}
        action={
          canWishlist && (
            <WishlistHeart
              title={product.title}
              inWishlist={isWishlisted}
              busy={wishlistBusy}
              onToggle={(add) => onToggleWishlist(product, add)}
            />
          )
        }
        footer={renderFooter?.(product)}
        className="w-full"
      />
    </li>
  );
});

/**
 * The shop's product grids (Products, Home, Similar Products, the Wishlist tab). One place to
 * render a card per product, so every grid carries the wishlist heart; `renderFooter` adds a
 * line under a card (the buyer's request status on Show Buy Requests). Memoized: the Products
 * page re-renders on every answer it watches (a refetch, the buyer's requests), and redrawing
 * 24 cards each time was a large part of that page's main-thread work on a phone. The viewer,
 * the wishlist and the heart's one mutation are read here once for all cards (not per card).
 */
export const ProductCardList = memo(function ProductCardList({
  products,
  label,
  headingLevel,
  renderFooter,
  firstScreen = false,
  className,
}: {
  products: Product[];
  label?: string;
  headingLevel?: 2 | 3;
  renderFooter?: (product: Product) => ReactNode;
  /** The grid opens the page: its first row's photos load at once, the first one first (LCP). */
  firstScreen?: boolean;
  className?: string;
}) {
  const { data: user } = useSession();
  const hearts = useWishlistHearts();
  return (
    <ProductGrid label={label} className={className}>
      {products.map((product, index) => (
        <ProductCardItem
          key={product._id}
          product={product}
          headingLevel={headingLevel}
          imagePriority={firstScreen ? imagePriorityAt(index) : undefined}
          adminLinks={user?.isAdmin ?? false}
          canWishlist={getsHeart(hearts.studentId, product)}
          isWishlisted={hearts.ids.has(product._id)}
          wishlistBusy={hearts.busyIds.has(product._id)}
          onToggleWishlist={hearts.toggle}
          renderFooter={renderFooter}
        />
      ))}
    </ProductGrid>
  );
});
