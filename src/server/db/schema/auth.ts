import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    /** Sliding expiry, pushed forward as the session is used. */
    expiresAt: timestamptz('expires_at').notNull(),
    /** Hard limit no amount of use extends. */
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

export const EMAIL_CODE_PURPOSES = ['register', 'reset-password'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/** One-time codes mailed to an address; only their hash is kept. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: EMAIL_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('email_codes_lookup_idx').on(table.email, table.purpose, table.createdAt.desc()),
    check('email_codes_purpose_check', sql`${table.purpose} in ('register', 'reset-password')`),
  ],
);

/** An address that proved it receives mail, good for registering until verifiedUntil. */
export const emailVerifications = pgTable('email_verifications', {
  email: text('email').primaryKey(),
  verifiedUntil: timestamptz('verified_until').notNull(),
});

/** Fixed-window counters shared by every server instance (rate limits live in the database). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (table) => [index('rate_limits_reset_idx').on(table.resetAt)],
);

/**
 * A browser that signed in to the account before (OWASP's device cookie). During the account's
 * login back-off it may still try, against a back-off of its own. Only the token's hash is kept.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    loginBlockedUntil: timestamptz('login_blocked_until'),
  },
  (table) => [
    index('known_devices_user_idx').on(table.userId, table.createdAt.desc()),
    index('known_devices_expires_idx').on(table.expiresAt),
  ],
);
