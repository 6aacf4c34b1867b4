import type { BrowserContext } from 'playwright-core';
import { createSession } from '#server/auth/sessions.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { systemClock } from '#server/clock.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { DEFAULT_TEST_PASSWORD, type NewUser, insertUser } from '../../support/factories.ts';
import { seedDatabase } from './seed-database.ts';

export interface SeededAccount {
  user: UserRow;
  password: string;
  /** A ready session token, so a journey can start signed in without replaying the login form. */
  sessionToken: string;
}

/**
 * Puts accounts into a DATA_DIR before the server starts (seed-database.ts). Journeys about signing up use the real forms instead.
 */
export async function seedAccounts(dataDir: string, accounts: NewUser[]): Promise<SeededAccount[]> {
  const database = await seedDatabase(dataDir);
  const seeded: SeededAccount[] = [];
  for (const account of accounts) {
    const user = await insertUser(database.db, account);
    const sessionToken = await createSession(database.db, systemClock, user.id, 'e2e');
    seeded.push({ user, password: account.password ?? DEFAULT_TEST_PASSWORD, sessionToken });
  }
  return seeded;
}

/** Makes a browser context signed in as the account (the cookie the server would have set). */
export async function signIn(context: BrowserContext, serverUrl: string, account: SeededAccount) {
  await context.addCookies([
    {
      name: sessionCookieName({ secureCookies: false }),
      value: account.sessionToken,
      url: serverUrl,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}
