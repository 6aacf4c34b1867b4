import type { Product } from '#domain/products/product.wire.ts';
import { type WishlistFeedback, getsHeart, useWishlistHearts } from '../use-wishlist-hearts.ts';
import { WishlistHeart } from './wishlist-heart.tsx';

export interface WishlistButtonProps {
  product: Product;
  feedback?: WishlistFeedback;
  size?: 'sm' | 'lg';
  className?: string;
}

/**
 * A single heart that reads what it needs itself (the product page, a listing card). Grids
 * read it once for all their cards (ProductCardList) and draw WishlistHeart directly. Adds the
 * product if absent, else removes it; hidden on your own listing and for admins.
 */
export function WishlistButton({ product, feedback = 'toast', size = 'sm', className }: WishlistButtonProps) {
  const hearts = useWishlistHearts(feedback);
  if (!getsHeart(hearts.studentId, product)) return null;
  return (
    <WishlistHeart
      title={product.title}
      inWishlist={hearts.ids.has(product._id)}
      busy={hearts.busyIds.has(product._id)}
      onToggle={(add) => hearts.toggle(product, add)}
      size={size}
      className={className}
    />
  );
}
