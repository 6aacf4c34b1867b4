import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { Pause, Play } from 'lucide-react';
import { type FocusEvent, useCallback, useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS } from '#domain/constants.ts';
import { cn } from '#web/lib/cn.ts';
import { useReducedMotion } from '#web/lib/use-reduced-motion.ts';
import { type BannerSlide, bannerSlides } from '../banner-slides.ts';

/**
 * The Home banner (spec 2): three slides, looping, advancing every 5 s; thumbnails below jump to
 * a slide; the active slide's text animates in. It holds still while hovered or focused, when
 * the visitor pauses it, and never moves on its own for visitors who prefer reduced motion.
 */
export function BannerCarousel({ slides = bannerSlides }: { slides?: readonly BannerSlide[] }) {
  const reducedMotion = useReducedMotion();
  // Hover and focus are handled here, not by the plugin, so they never undo a deliberate Pause.
  const [plugins] = useState(() => [
    Autoplay({
      delay: CAROUSEL_INTERVAL_MS,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: true, duration: 30 }, plugins);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = !paused && !reducedMotion;

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  useEffect(() => {
    if (!emblaApi) return;
    const plugin = emblaApi.plugins().autoplay;
    if (playing && !hovered && !focused) plugin?.play();
    else plugin?.stop();
  }, [emblaApi, playing, hovered, focused]);

  const jumpTo = useCallback(
    (index: number) => {
      emblaApi?.scrollTo(index, reducedMotion);
      setSelected(index);
    },
    [emblaApi, reducedMotion],
  );

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="relative overflow-hidden rounded-2xl bg-slate-800 shadow-sm">
        <div ref={viewportRef} className="overflow-hidden">
          <div className="flex touch-pan-y">
            {slides.map((slide, index) => (
              <Slide key={slide.id} slide={slide} index={index} count={slides.length} active={index === selected} />
            ))}
          </div>
        </div>
        {!reducedMotion && (
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
            className="absolute bottom-3 right-3 flex h-9 w-9 items-center justify-center rounded-full bg-slate-900/60 text-white hover:bg-slate-900/80"
          >
            {paused ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
          </button>
        )}
      </div>
      <div className="mt-3 flex justify-center gap-2 sm:gap-3" role="group" aria-label="Choose a slide">
        {slides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            onClick={() => jumpTo(index)}
            aria-label={`Slide ${index + 1}: ${slide.heading}`}
            aria-current={index === selected ? 'true' : undefined}
            className={cn(
              'h-12 w-20 overflow-hidden rounded-lg ring-2 ring-offset-2 transition sm:h-14 sm:w-28',
              index === selected ? 'ring-brand-600' : 'opacity-70 ring-transparent hover:opacity-100',
            )}
          >
            <img src={slide.imageUrl} alt="" width={112} height={56} className="h-full w-full object-cover" />
          </button>
        ))}
      </div>
    </section>
  );
}

function Slide({ slide, index, count, active }: { slide: BannerSlide; index: number; count: number; active: boolean }) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-hidden={active ? undefined : true}
      className="relative h-80 min-w-0 flex-[0_0_100%] sm:h-72 lg:h-96"
    >
      <img
        src={slide.imageUrl}
        alt=""
        width={1600}
        height={640}
        fetchPriority={index === 0 ? 'high' : 'low'}
        className="absolute inset-0 h-full w-full object-cover object-right"
      />
      {/* Text sits above the drawing on phones and beside it on wider screens; the shade follows it. */}
      <div className="absolute inset-0 bg-gradient-to-b from-slate-950/60 via-transparent to-transparent sm:bg-gradient-to-r sm:via-slate-950/20" />
      <div
        key={active ? 'active' : 'idle'}
        className={cn(
          'relative flex h-full max-w-xl flex-col justify-start gap-2 p-5 sm:justify-center sm:p-10 lg:p-14',
          active && 'animate-slide-in',
        )}
      >
        <h2 className="text-2xl font-extrabold tracking-tight text-white drop-shadow sm:text-4xl lg:text-5xl">{slide.heading}</h2>
        <p className="text-sm font-medium text-white/90 drop-shadow sm:text-lg">{slide.subheading}</p>
      </div>
    </div>
  );
}
