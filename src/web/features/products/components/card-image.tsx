import { ImageOff } from 'lucide-react';
import type { ProductImage } from '#domain/products/product.wire.ts';
import { GRID_CARD_SIZES, ONE_COLUMN_MEDIA, cardPhotoSources } from '#domain/products/photo-sources.ts';

export interface CardImageProps {
  image: ProductImage | undefined;
  className?: string;
  /** The drawn width (a `sizes` value): the grid's by default. */
  sizes?: string;
  /** 'high' for the photo that is likely the page's largest paint, 'eager' for others on the first screen. */
  priority?: 'high' | 'eager';
  /** The frame's shape: 4:3 by default; the grid's compact cards are square on phones. */
  frame?: string;
}

/**
 * A card photo in a fixed frame (4:3, or square), so the grid never shifts while images load. Phones get the
 * card variant: one column there is 1.3-2x wider than it in device pixels, but the full photo
 * costs several times the bytes on a mobile connection. Wider screens choose by the drawn width.
 */
export function CardImage({ image, className, sizes = GRID_CARD_SIZES, priority, frame = 'aspect-[4/3]' }: CardImageProps) {
  const sources = image ? cardPhotoSources(image) : undefined;
  return (
    <div className={`relative ${frame} overflow-hidden bg-slate-100 ${className ?? ''}`}>
      {sources ? (
        <picture>
          <source media={ONE_COLUMN_MEDIA} srcSet={sources.card} />
          <img
            src={sources.card}
            srcSet={sources.srcSet}
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
