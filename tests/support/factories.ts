import { randomUUID } from 'node:crypto';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';

/**
 * Data factories shared by the API tests, the end-to-end tests and the seed script, so a
 * "student" means the same thing everywhere.
 */
export const DEFAULT_TEST_PASSWORD = 'campus-pass-1!';

let cachedHash: Promise<string> | undefined;
function defaultPasswordHash() {
  cachedHash ??= hashPassword(DEFAULT_TEST_PASSWORD);
  return cachedHash;
}

export interface NewUser {
  email?: string;
  userName?: string;
  phoneNumber?: string | null;
  gender?: 'Male' | 'Female' | null;
  isAdmin?: boolean;
  password?: string;
}

export async function insertUser(db: Database, overrides: NewUser = {}): Promise<UserRow> {
  const slug = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email?.toLowerCase() ?? `student-${slug}@campus.edu`,
      userName: overrides.userName ?? `student-${slug}`,
      phoneNumber: overrides.phoneNumber === undefined ? '9876543210' : overrides.phoneNumber,
      gender: overrides.gender === undefined ? null : overrides.gender,
      isAdmin: overrides.isAdmin ?? false,
      passwordHash: overrides.password ? await hashPassword(overrides.password) : await defaultPasswordHash(),
    })
    .returning();
  return user!;
}

/** Listings straight into the database (the seed script uses the same factory). */
export { type NewListing, insertListing, insertListings } from '#server/seed/listing-factory.ts';
