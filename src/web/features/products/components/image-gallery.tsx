import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { galleryMessages as m } from '#domain/products/gallery.messages.ts';
import { GALLERY_SIZES, galleryPhotoSources } from '#domain/products/photo-sources.ts';
import type { ProductImage } from '#domain/products/product.wire.ts';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { cn } from '#web/lib/cn.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { whenIdle } from '#web/lib/when-idle.ts';
import type { PhotoViewerProps } from './photo-viewer.tsx';
import { arrowClasses, slideKeys, trackClasses, useSnapTrack } from './snap-track.ts';

/** The full-screen viewer (a dialog) is fetched when a photo is aimed at, not with the page. */
const PhotoViewer = lazyWithPreload<PhotoViewerProps>(() => import('./photo-viewer.tsx').then((module) => module.PhotoViewer));

/**
 * The detail page's photos (spec 2: a large image with a thumbnail picker; issue 22: swipe and
 * zoom on a phone). Photos slide sideways by swipe, arrow buttons, arrow keys or the thumbnails;
 * a tap or Enter on a photo opens it full screen, where it zooms.
 */
export function ImageGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const count = images.length;
  const { trackRef, index, onScroll, goTo } = useSnapTrack(count);
  const viewer = useDisclosure();
  const slideButtons = useRef<(HTMLButtonElement | null)[]>([]);
  /** The photo the viewer showed last, for the focus once it has closed. */
  const lastSeen = useRef(0);
  /**
   * The other photos and the thumbnails wait until the first photo is on screen and the browser is
   * idle (or the student moves): on a slow phone they would share the line with the page's code.
   */
  const [restWanted, setRestWanted] = useState(count <= 1);
  const wantRest = () => setRestWanted(true);
  /** Cancels the wait for an idle moment, once the first photo has started it. */
  const cancelRestWait = useRef<() => void>(undefined);
  useEffect(() => () => cancelRestWait.current?.(), []);

  const afterFirstPhoto = () => {
    cancelRestWait.current ??= whenIdle(wantRest);
  };

  const show = (target: number, focus = false) => {
    wantRest();
    goTo(target);
    if (focus) slideButtons.current[Math.min(count - 1, Math.max(0, target))]?.focus({ preventScroll: true });
  };

  if (count === 0) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-slate-100 ring-1 ring-slate-200">
        <ImageOff className="h-10 w-10 text-slate-500" aria-hidden="true" />
      </div>
    );
  }

  return (
    <div className="min-w-0 space-y-3">
      <section
        aria-roledescription="carousel"
        aria-label={m.region(title)}
        className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200"
        onKeyDown={(event) => slideKeys(event, index, count, (target) => show(target, true))}
      >
        <ul
          ref={trackRef}
          onScroll={() => {
            wantRest();
            onScroll();
          }}
          className={trackClasses}
          data-gallery-track=""
        >
          {images.map((image, slide) => (
            <li
              key={image._id}
              aria-roledescription="slide"
              aria-label={m.slide(slide, count)}
              aria-current={slide === index ? 'true' : undefined}
              className="h-full w-full min-w-0 shrink-0 snap-center snap-always"
            >
              <button
                ref={(button) => {
                  slideButtons.current[slide] = button;
                }}
                type="button"
                // One photo at a time is a tab stop; the arrow keys reach the others.
                tabIndex={slide === index ? 0 : -1}
                aria-label={m.open(slide, count)}
                onClick={() => {
                  goTo(slide);
                  viewer.open();
                }}
                {...preloadOnIntent(PhotoViewer.preload)}
                className="block h-full w-full cursor-zoom-in focus-visible:outline-offset-[-4px]"
              >
                {(slide === 0 || restWanted) && (
                  <img
                    {...galleryPhotoSources(image)}
                    sizes={GALLERY_SIZES}
                    alt={m.photoAlt(title, slide)}
                    // The page's largest paint: fetched before anything else the page asks for.
                    fetchPriority={slide === 0 ? 'high' : undefined}
                    loading={slide === 0 ? 'eager' : 'lazy'}
                    onLoad={slide === 0 ? afterFirstPhoto : undefined}
                    onError={slide === 0 ? afterFirstPhoto : undefined}
                    draggable={false}
                    width={1600}
                    height={1200}
                    className="h-full w-full object-contain"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              disabled={index === 0}
              aria-label={m.previous}
              className={cn(arrowClasses, 'left-2 max-sm:hidden')}
            >
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              disabled={index === count - 1}
              aria-label={m.next}
              className={cn(arrowClasses, 'right-2 max-sm:hidden')}
            >
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </button>
            <p
              aria-live="polite"
              data-gallery-position=""
              className="absolute bottom-2 right-2 rounded-full bg-slate-900/75 px-2.5 py-0.5 text-xs font-semibold text-white"
            >
              {`${index + 1} / ${count}`}
            </p>
          </>
        )}
      </section>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={m.thumbnails}>
          {images.map((image, slide) => (
            <li key={image._id} className="shrink-0">
              <button
                type="button"
                onClick={() => show(slide)}
                aria-label={m.thumbnail(slide, count)}
                aria-pressed={slide === index}
                className={cn(
                  'block h-14 w-[4.5rem] overflow-hidden rounded-lg bg-slate-100 ring-2 ring-offset-1 sm:h-20 sm:w-24',
                  slide === index ? 'ring-brand-600' : 'opacity-75 ring-transparent hover:opacity-100',
                )}
              >
                {restWanted && (
                  <img src={image.cardUrl} alt="" loading="lazy" width={96} height={80} className="h-full w-full object-cover" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewer.isOpen && (
        <Suspense fallback={null}>
          <PhotoViewer
            images={images}
            title={title}
            startAt={index}
            open
            onOpenChange={viewer.setOpen}
            // The page's gallery follows the viewer to the photo last seen there.
            onClose={(last) => {
              lastSeen.current = last;
              goTo(last);
            }}
            onFocusBack={() => slideButtons.current[lastSeen.current]?.focus({ preventScroll: true })}
          />
        </Suspense>
      )}
    </div>
  );
}
