/** Saved searches' limits and texts, apart from their schemas so a screen can show them without zod. */

/** Saved searches per student (issue 24). */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX_CHARS = 60;

/** How a saved search's matches are mailed; they always show in the app at once. */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];
export const DEFAULT_SAVED_SEARCH_FREQUENCY: SavedSearchFrequency = 'daily';

export const savedSearchFrequencyLabels: Record<SavedSearchFrequency, string> = {
  instant: 'E-mail me at once',
  daily: 'One e-mail a day',
  off: 'No e-mail (in the app only)',
};

export const savedSearchMessages = {
  saved: 'Search saved. We will tell you when a matching listing appears.',
  renamed: 'Saved search renamed.',
  updated: 'Saved search updated.',
  deleted: 'Saved search deleted.',
  tooMany: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  nameRequired: 'Please give the search a name.',
  nameTooLong: `A name is at most ${SAVED_SEARCH_NAME_MAX_CHARS} characters.`,
  nameTaken: 'You already have a saved search with this name.',
  priceRangeInvalid: 'The minimum price cannot be above the maximum.',
  priceInvalid: 'Please enter a valid price.',
  saveThisSearch: 'Save this search',
  savedSearches: 'Saved searches',
  none: 'No saved searches yet. Search on Products and tap "Save this search".',
  intro: 'We tell you in the app as soon as a new listing matches, and by e-mail as you choose for each search.',
  saveIntro: 'We will tell you when a new listing matches. Name it, and choose how you hear by e-mail.',
  frequencyLabel: 'E-mail',
  renameTitle: 'Rename saved search',
  deleteTitle: 'Delete saved search?',
  deleteConfirm: (name: string) => `"${name}" will no longer alert you.`,
  loadFailed: 'Could not load your saved searches.',
} as const;
