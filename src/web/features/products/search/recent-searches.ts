import { RECENT_SEARCHES_MAX, RECENT_SEARCHES_STORAGE_KEY } from '#domain/products/browse.ts';

/** The searches made on this device, newest first (kept in local storage, never sent anywhere). */
export function readRecentSearches(): string[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts a search first, once (the same text in other letter case counts as the same search). */
export function rememberSearch(text: string): string[] {
  const q = text.trim();
  if (!q) return readRecentSearches();
  const next = [q, ...readRecentSearches().filter((item) => item.toLowerCase() !== q.toLowerCase())].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
  try {
    window.localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage only costs the list.
  }
  return next;
}

export function forgetRecentSearches() {
  try {
    window.localStorage.removeItem(RECENT_SEARCHES_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
