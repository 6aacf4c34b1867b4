import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { ProductImage } from '#domain/products/product.wire.ts';
import { cn } from '#web/lib/cn.ts';
import { GALLERY_SIZES, galleryPhotoSources } from '#domain/products/photo-sources.ts';

/** The detail page's large photo with a thumbnail picker below it. */
export function ImageGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <div className="space-y-3">
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200">
        {current ? (
          <img
            {...galleryPhotoSources(current)}
            sizes={GALLERY_SIZES}
            alt={title}
            // The page's largest paint: fetched before anything else the page asks for.
            fetchPriority="high"
            width={1600}
            height={1200}
            className="h-full w-full object-contain"
          />
        ) : (
          <ImageOff className="h-10 w-10 text-slate-500" aria-hidden="true" />
        )}
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
          {images.map((image, index) => (
            <li key={image._id} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show photo ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                className={cn(
                  'block h-16 w-20 overflow-hidden rounded-lg ring-2 ring-offset-1 sm:h-20 sm:w-24',
                  index === selected ? 'ring-brand-600' : 'opacity-75 ring-transparent hover:opacity-100',
                )}
              >
                <img src={image.cardUrl} alt="" loading="lazy" width={96} height={80} className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
