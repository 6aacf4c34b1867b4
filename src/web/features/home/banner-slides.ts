import { homeMessages } from '#domain/home/home-copy.ts';

/** A banner slide (spec 3): id, imageUrl, heading, subheading. */
export interface BannerSlide {
  id: string;
  imageUrl: string;
  heading: string;
  subheading: string;
}

/** Pictures made by scripts/generate-web-images.ts; the text comes from the spec's copy. */
const images = [
  '/images/banners/campus-essentials.webp',
  '/images/banners/shop-sell-save.webp',
  '/images/banners/hostel-ready.webp',
];

export const bannerSlides: BannerSlide[] = homeMessages.slides.map((slide, index) => ({
  id: `slide-${index + 1}`,
  imageUrl: images[index]!,
  heading: slide.heading,
  subheading: slide.subheading,
}));
