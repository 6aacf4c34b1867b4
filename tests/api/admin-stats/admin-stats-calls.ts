import type { NewListing } from '#server/seed/listing-factory.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListings, insertUser } from '../../support/factories.ts';
import type { TestApp } from '../../support/test-app.ts';

export const STATS_PATHS = {
  category: '/api/v1/admin-stats/products/category',
  condition: '/api/v1/admin-stats/products/condition',
  last4months: '/api/v1/admin-stats/products/last4months',
  sold3months: '/api/v1/admin-stats/products/sold3months',
  users: '/api/v1/admin-stats/users/statistics',
} as const;

export function getStats(t: TestApp, path: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
}

/** "Now" in these tests: 20 April 2026, 11:30 in Kolkata. */
export const NOW = new Date('2026-04-20T06:00:00Z');

export interface Campus {
  admin: UserRow;
  ravi: UserRow;
  meera: UserRow;
  dev: UserRow;
  kiran: UserRow;
  /** Meera's calculator, listed in January and still for sale. */
  januaryListing: string;
}

/**
 * Four students and an admin; three students sell. Listing and sale times sit on both sides of
 * month ends in India (UTC+5:30) and of "a month before now" (20 March, 06:00 UTC).
 */
export async function seedCampus(t: TestApp): Promise<Campus> {
  const db = t.app.db;
  const admin = await insertUser(db, { userName: 'warden', isAdmin: true });
  const ravi = await insertUser(db, { userName: 'ravi' });
  const meera = await insertUser(db, { userName: 'meera' });
  const dev = await insertUser(db, { userName: 'dev' });
  const kiran = await insertUser(db, { userName: 'kiran' });
  const at = (iso: string) => new Date(iso);
  const listings: NewListing[] = [
    // 1 April 01:30 in Kolkata, still 31 March in UTC.
    { sellerId: ravi.id, category: 'Books', condition: 'New', createdAt: at('2026-03-31T20:00:00Z') },
    // 31 March 23:30 in Kolkata.
    { sellerId: ravi.id, category: 'Books', condition: 'Good', createdAt: at('2026-03-31T18:00:00Z') },
    { sellerId: meera.id, category: 'Electronics', condition: 'Like New', createdAt: at('2026-01-05T10:00:00Z') },
    { sellerId: meera.id, category: 'Furniture', condition: 'Good', createdAt: at('2025-12-20T10:00:00Z') },
    // Listed in November, sold 1 March 00:30 in Kolkata (28 February in UTC).
    {
      sellerId: dev.id,
      category: 'Books',
      condition: 'Fair',
      createdAt: at('2025-11-01T10:00:00Z'),
      soldOut: true,
      buyerId: kiran.id,
      soldAt: at('2026-02-28T19:00:00Z'),
    },
    // Sold 31 January 22:30 in Kolkata: before the three months of sales.
    {
      sellerId: dev.id,
      category: 'Cycle',
      condition: 'Good',
      createdAt: at('2025-10-01T10:00:00Z'),
      soldOut: true,
      buyerId: kiran.id,
      soldAt: at('2026-01-31T17:00:00Z'),
    },
    // An hour before "a month ago": Dev is not an active seller.
    { sellerId: dev.id, category: 'Clothing', condition: 'Excellent', createdAt: at('2026-03-20T05:00:00Z') },
    // An hour after it: Meera is.
    { sellerId: meera.id, category: 'Electronics', condition: 'New', createdAt: at('2026-03-20T07:00:00Z') },
  ];
  const ids = await insertListings(db, listings);
  return { admin, ravi, meera, dev, kiran, januaryListing: ids[2]! };
}
