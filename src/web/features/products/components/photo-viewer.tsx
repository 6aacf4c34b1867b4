import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { galleryMessages as m } from '#domain/products/gallery.messages.ts';
import type { ProductImage } from '#domain/products/product.wire.ts';
import { cn } from '#web/lib/cn.ts';
import { arrowClasses, slideKeys, trackClasses, useSnapTrack } from './snap-track.ts';

export interface PhotoViewerProps {
  images: ProductImage[];
  title: string;
  startAt: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told the photo showing when the viewer closes. */
  onClose: (index: number) => void;
  /** Once closed, where the focus goes (the gallery's photo last seen). */
  onFocusBack: () => void;
}

/** How much larger than the screen a zoomed photo is drawn. */
const ZOOM = 2.5;

/**
 * One photo, full screen. A tap or click zooms in where it landed and the photo then pans by
 * dragging (its own scroll area, which does not hand the gesture on to the slides); another tap
 * zooms out. Two fingers pinch-zoom as anywhere on the page (`touch-action` allows it).
 */
function ZoomablePhoto({
  image,
  alt,
  zoomed,
  onZoom,
}: {
  image: ProductImage;
  alt: string;
  zoomed: boolean;
  onZoom: (zoomed: boolean, at?: { x: number; y: number }) => void;
}) {
  const areaRef = useRef<HTMLDivElement>(null);
  const focus = useRef<{ x: number; y: number } | undefined>(undefined);

  // Once the zoomed photo is laid out, bring the point that was tapped to the middle.
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area || !zoomed) return;
    const { x, y } = focus.current ?? { x: 0.5, y: 0.5 };
    area.scrollTo({ left: x * area.scrollWidth - area.clientWidth / 2, top: y * area.scrollHeight - area.clientHeight / 2 });
  }, [zoomed]);

  const onClick = (event: MouseEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    focus.current = { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
    onZoom(!zoomed, focus.current);
  };

  return (
    <div
      ref={areaRef}
      data-zoom-area=""
      // Zoomed, the photo pans with the arrow keys too: its scroll area takes the focus.
      tabIndex={zoomed ? 0 : undefined}
      role={zoomed ? 'group' : undefined}
      aria-label={zoomed ? m.zoomedArea : undefined}
      className={cn(
        'h-full w-full overscroll-contain [touch-action:pan-x_pan-y_pinch-zoom]',
        zoomed ? 'overflow-auto' : 'flex items-center justify-center overflow-hidden',
      )}
    >
      <img
        src={image.secure_url || image.url}
        alt={alt}
        draggable={false}
        onClick={onClick}
        data-zoomed={zoomed ? 'true' : 'false'}
        className={cn(
          'select-none',
          zoomed ? 'max-w-none cursor-zoom-out' : 'max-h-full max-w-full cursor-zoom-in object-contain',
        )}
        style={zoomed ? { width: `${ZOOM * 100}%`, height: 'auto' } : undefined}
      />
    </div>
  );
}

/** The product's photos full screen (issue 22): swipe or arrow keys between them, tap to zoom, Escape to close. */
export function PhotoViewer({ images, title, startAt, open, onOpenChange, onClose, onFocusBack }: PhotoViewerProps) {
  const count = images.length;
  const { trackRef, index, onScroll, goTo } = useSnapTrack(count, startAt);
  const [zoomed, setZoomed] = useState(false);

  // Open at the photo the page was showing, without an animation from the first one.
  useLayoutEffect(() => {
    const track = trackRef.current;
    if (track) track.scrollLeft = startAt * track.clientWidth;
  }, [startAt, trackRef]);

  const show = (target: number) => {
    setZoomed(false);
    goTo(target);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose(index);
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
          onKeyDown={(event) => {
            if (!zoomed) slideKeys(event, index, count, show);
          }}
          // Back to the gallery's photo last seen, rather than the one that opened the viewer.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onFocusBack();
          }}
        >
          <div className="flex items-center justify-between gap-3 px-3 pt-[calc(0.5rem+env(safe-area-inset-top))] pb-2">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-sm font-semibold">{title}</Dialog.Title>
              <Dialog.Description className="sr-only">{m.viewerHint}</Dialog.Description>
            </div>
            <div className="flex shrink-0 items-center gap-1">
              {count > 1 && (
                <p className="px-2 text-sm font-medium tabular-nums" aria-live="polite" data-viewer-position="">
                  {`${index + 1} / ${count}`}
                </p>
              )}
              <button
                type="button"
                onClick={() => setZoomed((value) => !value)}
                aria-pressed={zoomed}
                aria-label={zoomed ? m.zoomOut : m.zoomIn}
                className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/10"
              >
                {zoomed ? <ZoomOut className="h-5 w-5" aria-hidden="true" /> : <ZoomIn className="h-5 w-5" aria-hidden="true" />}
              </button>
              <Dialog.Close
                aria-label={m.close}
                className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/10"
              >
                <X className="h-6 w-6" aria-hidden="true" />
              </Dialog.Close>
            </div>
          </div>
          <div className="relative min-h-0 flex-1 pb-[env(safe-area-inset-bottom)]">
            <ul
              ref={trackRef}
              // A zoomed photo's own scrolling is no move to another photo.
              onScroll={zoomed ? undefined : onScroll}
              // While a photo is zoomed, a drag pans it instead of moving to the next one.
              className={cn(trackClasses, zoomed && 'overflow-x-hidden')}
              data-viewer-track=""
            >
              {images.map((image, slide) => (
                <li
                  key={image._id}
                  aria-roledescription="slide"
                  aria-label={m.slide(slide, count)}
                  aria-hidden={slide === index ? undefined : true}
                  className="h-full w-full min-w-0 shrink-0 snap-center snap-always"
                >
                  <ZoomablePhoto
                    image={image}
                    alt={m.photoAlt(title, slide)}
                    zoomed={zoomed && slide === index}
                    onZoom={(next) => setZoomed(next)}
                  />
                </li>
              ))}
            </ul>
            {count > 1 && !zoomed && (
              <>
                <button
                  type="button"
                  onClick={() => show(index - 1)}
                  disabled={index === 0}
                  aria-label={m.previous}
                  className={cn(arrowClasses, 'left-3')}
                >
                  <ChevronLeft className="h-5 w-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => show(index + 1)}
                  disabled={index === count - 1}
                  aria-label={m.next}
                  className={cn(arrowClasses, 'right-3')}
                >
                  <ChevronRight className="h-5 w-5" aria-hidden="true" />
                </button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
