import { ImageOff } from 'lucide-react';
import type { ProductImage } from '#domain/products/product.wire.ts';

/**
 * How wide a card of the product grid is drawn (productGridClasses: 1 / 2 / 3 / 4 columns in the
 * page's 80rem, its padding and 1.25rem gaps), so the browser picks the photo for that width.
 */
export const GRID_CARD_SIZES =
  '(min-width: 1280px) 290px, (min-width: 1024px) calc((100vw - 6.5rem) / 3), (min-width: 640px) calc((100vw - 3.25rem) / 2), calc(100vw - 2rem)';

/** The photo widths the server stores: `cardUrl` ~480 px, `url` up to 1600 px (product-photos.ts). */
const CARD_WIDTH = 480;
const FULL_WIDTH = 1600;

export interface CardImageProps {
  image: ProductImage | undefined;
  className?: string;
  /** The drawn width (a `sizes` value): the grid's by default. */
  sizes?: string;
  /** 'high' for the photo that is likely the page's largest paint, 'eager' for others on the first screen. */
  priority?: 'high' | 'eager';
}

/**
 * A card photo in a fixed 4:3 frame, so the grid never shifts while images load. Phones get the
 * card variant: one column there is 1.3-2x wider than it in device pixels, but the full photo
 * costs several times the bytes on a mobile connection. Wider screens choose by the drawn width.
 */
export function CardImage({ image, className, sizes = GRID_CARD_SIZES, priority }: CardImageProps) {
  const card = image ? image.cardUrl || image.secure_url || image.url : undefined;
  const full = image ? image.secure_url || image.url : undefined;
  return (
    <div className={`relative aspect-[4/3] overflow-hidden bg-slate-100 ${className ?? ''}`}>
      {image ? (
        <picture>
          <source media="(max-width: 639px)" srcSet={card} />
          <img
            src={card}
            srcSet={full && full !== card ? `${card} ${CARD_WIDTH}w, ${full} ${FULL_WIDTH}w` : undefined}
            sizes={sizes}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority === 'high' ? 'high' : undefined}
            decoding="async"
            width={480}
            height={360}
            className="h-full w-full object-cover"
          />
        </picture>
      ) : (
        <div className="flex h-full items-center justify-center text-slate-500">
          <ImageOff className="h-8 w-8" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
