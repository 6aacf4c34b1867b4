import { ImageOff } from 'lucide-react';
import type { ProductImage } from '#domain/products/product.wire.ts';

/** A card-size photo in a fixed 4:3 frame, so the grid never shifts while images load. */
export function CardImage({ image, className }: { image: ProductImage | undefined; className?: string }) {
  return (
    <div className={`relative aspect-[4/3] overflow-hidden bg-slate-100 ${className ?? ''}`}>
      {image ? (
        <img
          src={image.cardUrl || image.secure_url || image.url}
          alt=""
          loading="lazy"
          decoding="async"
          width={480}
          height={360}
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full items-center justify-center text-slate-500">
          <ImageOff className="h-8 w-8" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
