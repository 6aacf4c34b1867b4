import { describe, expect, it } from 'vitest';
import { productMessages } from './product.messages.ts';
import { type ListingCursor, decodeListingCursor, encodeListingCursor } from './listing-cursor.ts';
import { productListQuerySchema } from './product.schemas.ts';

const ID = '0b5f8c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';
const newest: ListingCursor = { sort: 'newest', page: 2, key: ['true', '2026-01-01T12:00:00.123456Z'], id: ID };
const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('listing cursors', () => {
  it.each<ListingCursor>([
    newest,
    { sort: 'priceLowHigh', page: 7, key: ['false', '120.5'], id: ID },
    { sort: 'rating', page: 100_000, key: ['true', '4.5', '2026-01-01T12:00:00.000001Z'], id: ID },
    { sort: 'oldest', page: 3, key: ['true', '2026-01-01T12:00:00.000001Z'], id: ID },
  ])('reads back what it wrote, as URL-safe text (%o)', (cursor) => {
    const text = encodeListingCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListingCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', base64url('newest')],
    ['an unknown sort', base64url(`["cheapest",2,"1","${ID}"]`)],
    ['page 1 (the first page needs no cursor)', base64url(`["priceLowHigh",1,"1","${ID}"]`)],
    ['a key of the wrong shape', base64url(`["newest",2,"true","2026-01-01T12:00:00.123Z","${ID}"]`)],
    ['a reserved tier that is not a boolean', base64url(`["newest",2,"yes","2026-01-01T12:00:00.123456Z","${ID}"]`)],
    ['a cursor written before reserved listings sorted last', base64url(`["newest",2,"2026-01-01T12:00:00.123456Z","${ID}"]`)],
    ['too few key values', base64url(`["rating",2,"true","4.5","${ID}"]`)],
    ['an id that is not a uuid', base64url('["priceHighLow",2,"9.99","1"]')],
  ])('rejects %s', (_, text) => {
    expect(decodeListingCursor(text)).toBeUndefined();
  });

  it('is refused by the list query with the page-link message, also under another sort', () => {
    const bad = productListQuerySchema.safeParse({ cursor: 'nope!' });
    expect(bad.error?.issues[0]?.message).toBe(productMessages.pageLinkInvalid);
    const otherSort = productListQuerySchema.safeParse({ cursor: encodeListingCursor(newest), sort: 'rating' });
    expect(otherSort.error?.issues[0]).toMatchObject({ message: productMessages.pageLinkInvalid, path: ['cursor'] });
    expect(productListQuerySchema.parse({ cursor: encodeListingCursor(newest) }).cursor).toEqual(newest);
  });
});
