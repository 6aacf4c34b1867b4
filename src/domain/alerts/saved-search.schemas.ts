import { z } from 'zod';
import { ALL_CATEGORIES, CATEGORIES, CONDITIONS, PRODUCT_SORTS } from '../catalog.ts';
import { PRODUCT_PRICE_MAX } from '../constants.ts';
import {
  DEFAULT_SAVED_SEARCH_FREQUENCY,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX_CHARS,
  savedSearchMessages,
} from './saved-search.messages.ts';

// Its importers read the limits and texts from here too; screens without zod take the messages file.
export * from './saved-search.messages.ts';

const money = z.coerce
  .number({ error: savedSearchMessages.priceInvalid })
  .min(0, savedSearchMessages.priceInvalid)
  .max(PRODUCT_PRICE_MAX, savedSearchMessages.priceInvalid);

const list = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * What a saved search keeps: the Products list's own query (q, category, condition, minPrice,
 * maxPrice, sort) without its paging. Stored as given and turned back into /shop/products?… to open it.
 */
export const savedSearchCriteriaSchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((value) => value || undefined),
    category: list(z.enum([...CATEGORIES, ALL_CATEGORIES])).transform((values) =>
      values.includes(ALL_CATEGORIES) ? [] : [...new Set(values)].filter((value) => value !== ALL_CATEGORIES).sort(),
    ),
    condition: list(z.enum(CONDITIONS)).transform((values) => [...new Set(values)].sort()),
    minPrice: money.optional(),
    maxPrice: money.optional(),
    sort: z.enum(PRODUCT_SORTS).default('newest'),
  })
  .refine((c) => c.minPrice === undefined || c.maxPrice === undefined || c.minPrice <= c.maxPrice, {
    message: savedSearchMessages.priceRangeInvalid,
    path: ['maxPrice'],
  });
export type SavedSearchCriteria = z.output<typeof savedSearchCriteriaSchema>;
export type SavedSearchCriteriaInput = z.input<typeof savedSearchCriteriaSchema>;

const name = z
  .string({ error: savedSearchMessages.nameRequired })
  .trim()
  .min(1, savedSearchMessages.nameRequired)
  .max(SAVED_SEARCH_NAME_MAX_CHARS, savedSearchMessages.nameTooLong);

export const createSavedSearchSchema = z.object({
  name,
  criteria: savedSearchCriteriaSchema,
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES).default(DEFAULT_SAVED_SEARCH_FREQUENCY),
});
export type CreateSavedSearchInput = z.input<typeof createSavedSearchSchema>;

export const updateSavedSearchSchema = z
  .object({ name: name.optional(), frequency: z.enum(SAVED_SEARCH_FREQUENCIES).optional() })
  .refine((body) => body.name !== undefined || body.frequency !== undefined, { message: savedSearchMessages.nameRequired });
export type UpdateSavedSearchInput = z.input<typeof updateSavedSearchSchema>;

export const savedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  criteria: z.object({
    q: z.string().optional(),
    category: z.array(z.enum(CATEGORIES)),
    condition: z.array(z.enum(CONDITIONS)),
    minPrice: z.number().optional(),
    maxPrice: z.number().optional(),
    sort: z.enum(PRODUCT_SORTS),
  }),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListResponseSchema = z.object({ success: z.literal(true), savedSearches: z.array(savedSearchSchema) });
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponseSchema>;
export const savedSearchResponseSchema = z.object({ success: z.literal(true), msg: z.string(), savedSearch: savedSearchSchema });
export type SavedSearchResponse = z.infer<typeof savedSearchResponseSchema>;

/** The Products page address that applies a saved search (what "opening" one does). */
export function savedSearchQueryString(criteria: SavedSearch['criteria']): string {
  const params = new URLSearchParams();
  if (criteria.q) params.set('q', criteria.q);
  for (const category of criteria.category) params.append('category', category);
  for (const condition of criteria.condition) params.append('condition', condition);
  if (criteria.minPrice !== undefined) params.set('minPrice', String(criteria.minPrice));
  if (criteria.maxPrice !== undefined) params.set('maxPrice', String(criteria.maxPrice));
  if (criteria.sort !== 'newest') params.set('sort', criteria.sort);
  return params.toString();
}

/**
 * Whether a listing matches saved criteria: the same rules as the Products list (title contains q,
 * case-insensitive; any of the categories and conditions, none meaning all; price within the range).
 * The server matches in SQL (saved-searches/saved-search-matching.ts) by exactly these rules; this is
 * the one statement of them, used by its tests and by the web to explain a match.
 */
export function matchesCriteria(
  criteria: Pick<SavedSearch['criteria'], 'q' | 'category' | 'condition' | 'minPrice' | 'maxPrice'>,
  listing: { title: string; category: string; condition: string; price: number },
): boolean {
  if (criteria.q && !listing.title.toLowerCase().includes(criteria.q.toLowerCase())) return false;
  if (criteria.category.length > 0 && !(criteria.category as string[]).includes(listing.category)) return false;
  if (criteria.condition.length > 0 && !(criteria.condition as string[]).includes(listing.condition)) return false;
  if (criteria.minPrice !== undefined && listing.price < criteria.minPrice) return false;
  if (criteria.maxPrice !== undefined && listing.price > criteria.maxPrice) return false;
  return true;
}
