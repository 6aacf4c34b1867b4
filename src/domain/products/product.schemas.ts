import { z } from 'zod';
import { ALL_CATEGORIES, CATEGORIES, CONDITIONS, PRODUCT_SORTS } from '../catalog.ts';
import {
  MY_LISTINGS_PAGE_SIZE_DEFAULT,
  PRODUCT_DESCRIPTION_MAX_CHARS,
  PRODUCT_PRICE_MAX,
  PRODUCT_TITLE_MAX_CHARS,
  PRODUCTS_PAGE_SIZE_DEFAULT,
  PRODUCTS_PAGE_SIZE_MAX,
} from '../constants.ts';
import { productMessages } from './product.messages.ts';
import { validationMessages as m } from '../validation.messages.ts';
import { SEARCH_MAX_CHARS, SEARCH_SUGGESTIONS_MIN_CHARS, browseMessages, parsePriceBound, priceRangeError } from './browse.ts';
import { type ListingCursor, decodeListingCursor } from './listing-cursor.ts';

const required = m.fillRequiredProductFields;

/** Multipart fields arrive as strings; a blank money field means "not given". */
function toMoneyInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const moneyAmount = (missingMessage: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? missingMessage : m.priceInvalid) })
    .min(0, m.priceInvalid)
    .max(PRODUCT_PRICE_MAX, m.priceInvalid)
    .transform((amount) => Math.round(amount * 100) / 100);

/** The text fields of a listing, shared by the sell form and the create/edit calls. */
export const productFieldsSchema = z.object({
  title: z.string({ error: required }).trim().min(1, required).max(PRODUCT_TITLE_MAX_CHARS),
  description: z.string({ error: required }).trim().min(1, required).max(PRODUCT_DESCRIPTION_MAX_CHARS),
  price: z.preprocess(toMoneyInput, moneyAmount(required)),
  originalPrice: z.preprocess(toMoneyInput, moneyAmount(m.priceInvalid).optional()),
  category: z.enum(CATEGORIES, { error: (issue) => (issue.input ? m.categoryInvalid : required) }),
  condition: z.enum(CONDITIONS, { error: (issue) => (issue.input ? m.conditionInvalid : required) }),
});
export type ProductFields = z.output<typeof productFieldsSchema>;
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;

/** `existingImages` on edit: the JSON list of image ids the seller kept. */
export const existingImagesSchema = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'existingImages must be a JSON list of image ids' });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.string().uuid()).max(50));

const queryList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** Bounded so an absurd page number is a 400, not an offset the database chokes on. */
const page = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * The previous answer's nextCursor: the page after it, found by its last row's sort key rather
 * than by counting rows (deep pages cost what the first does). Given a cursor, `page` is ignored.
 */
const cursor = z
  .string()
  .max(400, productMessages.pageLinkInvalid)
  .optional()
  .transform((text, ctx): ListingCursor | undefined => {
    if (text === undefined) return undefined;
    const decoded = decodeListingCursor(text);
    if (!decoded) ctx.addIssue({ code: 'custom', message: productMessages.pageLinkInvalid });
    return decoded;
  });

/** `minPrice` / `maxPrice`: rupees, not negative, a number (issue 24); '' is no bound. */
const priceBound = z
  .string()
  .optional()
  .transform((text, ctx): number | undefined => {
    if (text === undefined) return undefined;
    const parsed = parsePriceBound(text);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.value;
  });

/** A cursor walks one sort order; used with another it would point nowhere meaningful. */
function cursorMatchesSort(query: { sort: string; cursor?: ListingCursor | undefined }): boolean {
  return query.cursor === undefined || query.cursor.sort === query.sort;
}
const cursorSortIssue = { message: productMessages.pageLinkInvalid, path: ['cursor'] };

/**
 * Query of GET /api/v1/products: the server filters, sorts, searches and pages.
 *  - q: case-insensitive substring of the title; category: repeatable, 'All' or absent = every one
 *  - requested=true: only listings the caller has sent a buy request for (any status)
 *  - excludeId: leave one listing out (Similar Products); sellerId: one seller's listings (profiles)
 *  - condition: repeatable, absent = every one; minPrice / maxPrice: a price range in rupees, either
 *    end optional (issue 24); a negative bound, one that is not a number or min > max is a 400
 * The answer's `categories` counts every filter except the category filter itself, so the
 * checklist keeps offering the other categories while some are ticked.
 */
export const productListQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((value) => value || undefined),
    category: queryList.pipe(z.array(z.enum([...CATEGORIES, ALL_CATEGORIES]))),
    condition: queryList.pipe(z.array(z.enum(CONDITIONS, { error: m.conditionInvalid }))),
    minPrice: priceBound,
    maxPrice: priceBound,
    sort: z.enum(PRODUCT_SORTS).default('newest'),
    requested: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    excludeId: z.string().uuid().optional(),
    sellerId: z.string().uuid().optional(),
    page,
    cursor,
    limit: z.coerce.number().int().min(1).max(PRODUCTS_PAGE_SIZE_MAX).default(PRODUCTS_PAGE_SIZE_DEFAULT),
  })
  .refine(cursorMatchesSort, cursorSortIssue)
  .refine((query) => priceRangeError(query.minPrice, query.maxPrice) === undefined, {
    message: browseMessages.priceOrder,
    path: ['minPrice'],
  });
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** Query of GET /api/v1/products/my-listings/{userId}: newest first, in pages of up to 100. */
export const myListingsQuerySchema = z
  .object({
    page,
    cursor,
    limit: z.coerce.number().int().min(1).max(PRODUCTS_PAGE_SIZE_MAX).default(MY_LISTINGS_PAGE_SIZE_DEFAULT),
  })
  .refine((query) => cursorMatchesSort({ ...query, sort: 'newest' }), cursorSortIssue);
export type MyListingsQuery = z.output<typeof myListingsQuerySchema>;

/** Query of GET /api/v1/products/suggestions: the text typed so far in the search box. */
export const searchSuggestionsQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_SUGGESTIONS_MIN_CHARS).max(SEARCH_MAX_CHARS),
});
export type SearchSuggestionsQuery = z.output<typeof searchSuggestionsQuerySchema>;
