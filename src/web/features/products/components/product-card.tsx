import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productMessages } from '#domain/products/product.messages.ts';
import { discountPercent, truncateDescription } from '#domain/products/pricing.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';
import { CardImage } from './card-image.tsx';
import { DiscountBadge, PriceTag } from './price-tag.tsx';
import { StarRating } from './star-rating.tsx';
import { useImageCycle } from './use-image-cycle.ts';

export interface ProductCardProps {
  product: Product;
  /** Rendered over the photo's top-right corner, above the link (the wishlist heart goes here). */
  action?: ReactNode;
  /** Rendered under the card's text, outside the link (My Listings puts its buttons here). */
  footer?: ReactNode;
  /** 2 when the grid sits directly under the page's h1, else 3. */
  headingLevel?: 2 | 3;
  /** Load the photo at once (cards on the first screen), 'high' for the likely largest paint. */
  imagePriority?: 'high' | 'eager';
  /** The viewer is an admin: the card links to the admin's product page. */
  adminLinks?: boolean;
  className?: string;
}

/**
 * The product card of spec 2, shared by every grid. The whole card is one link (a stretched
 * title link), so the heart and footer buttons stay separate controls; sold-out cards link nowhere.
 * Presentational: whoever renders it knows the viewer and passes plain values.
 */
export function ProductCard({
  product,
  action,
  footer,
  headingLevel = 3,
  imagePriority,
  adminLinks = false,
  className,
}: ProductCardProps) {
  const cycle = useImageCycle(product.images.length);
  const href = adminLinks ? paths.admin.product(product._id) : paths.shop.product(product._id);
  const discount = discountPercent(product.price, product.originalPrice);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article
      onMouseEnter={cycle.start}
      onMouseLeave={cycle.stop}
      data-sold-out={product.soldOut || undefined}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow',
        !product.soldOut && 'hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600',
        className,
      )}
    >
      <div className="relative">
        <CardImage image={product.images[cycle.index]} priority={imagePriority} frame="aspect-square sm:aspect-[4/3]" />
        {discount !== null && (
          <DiscountBadge percent={discount} className="absolute left-1.5 top-1.5 shadow-sm sm:left-2 sm:top-2" />
        )}
        {product.soldOut && (
          <div className="absolute inset-0 z-10 flex items-center justify-center bg-slate-900/60">
            <span className="rounded-md border-2 border-white px-2 py-0.5 text-sm font-extrabold tracking-widest text-white sm:px-3 sm:py-1 sm:text-lg">
              {productMessages.soldOutBadge}
            </span>
          </div>
        )}
        {product.reserved && !product.soldOut && (
          <span
            data-reserved
            className="absolute bottom-1.5 left-1.5 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 shadow-sm ring-1 ring-amber-300"
          >
            {productMessages.reservedBadge}
          </span>
        )}
        {action && <div className="absolute right-1.5 top-1.5 z-20 sm:right-2 sm:top-2">{action}</div>}
      </div>
      {/* Compact on phones (issue 22: price, title on two lines, condition); the details from sm up. */}
      <div className="flex flex-1 flex-col gap-0.5 px-2.5 pb-2.5 pt-2 sm:gap-2 sm:p-4">
        <div className="order-1 sm:order-4 sm:mt-auto sm:flex sm:flex-wrap sm:items-end sm:justify-between sm:gap-2 sm:pt-1">
          <PriceTag price={product.price} originalPrice={product.originalPrice} showBadge={false} />
          <span className="hidden sm:inline-flex">
            <StarRating rating={product.rating} />
          </span>
        </div>
        <Heading className="order-2 line-clamp-2 text-sm font-medium leading-snug text-slate-900 sm:order-1 sm:text-base sm:font-semibold">
          {product.soldOut ? (
            product.title
          ) : (
            <Link to={href} className="after:absolute after:inset-0 after:z-0 focus:outline-none">
              {product.title}
            </Link>
          )}
        </Heading>
        <p className="order-3 hidden text-sm text-slate-600 [overflow-wrap:anywhere] sm:order-2 sm:block">
          {truncateDescription(product.description)}
        </p>
        <p className="order-4 flex flex-wrap gap-1.5 text-xs font-medium sm:order-3">
          <span className="hidden rounded-full bg-brand-50 px-2 py-0.5 text-brand-700 sm:inline">{product.category}</span>
          <span className="text-slate-600 sm:rounded-full sm:bg-slate-100 sm:px-2 sm:py-0.5 sm:text-slate-700">
            {product.condition}
          </span>
        </p>
      </div>
      {footer && <div className="relative z-20 border-t border-slate-100 p-3">{footer}</div>}
    </article>
  );
}
