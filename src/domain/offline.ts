/**
 * Offline (issue 22): what the app says while the network is gone, and when a change cannot be
 * made. Changes are refused at once, never queued to be sent later without the user knowing.
 */
export const offlineMessages = {
  banner: 'You are offline. You are seeing what was saved on this device.',
  writeRefused: 'You are offline. Nothing was changed; try again when you are back online.',
  /** A page whose data this device never saved (a listing not seen before going offline). */
  notSaved: 'This page was not saved on this device. It opens as soon as you are back online.',
} as const;

/** The Cache Storage caches of the service worker: the app's files, and the last API answers seen. */
export const OFFLINE_CACHES = {
  /** Prefix of the versioned cache of the app's own files (one per build). */
  shellPrefix: 'cm-shell-',
  /** The last listings and product pages seen, bounded; cleared on sign-out. */
  api: 'cm-api',
} as const;

/** How many API answers the offline cache keeps (the oldest go first). */
export const OFFLINE_API_CACHE_ENTRIES = 60;
