import { useMediaQuery } from './use-media-query.ts';

/** True when the visitor asked the system for less motion (no autoplay, no sliding). */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
