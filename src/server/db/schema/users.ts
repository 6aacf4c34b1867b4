import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GENDERS } from '#domain/constants.ts';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    /** Always stored lower-cased; the unique index is what makes two racing sign-ups one account. */
    email: text('email').notNull(),
    /** The 10 national digits of an Indian mobile, or null. */
    phoneNumber: text('phone_number'),
    gender: text('gender', { enum: GENDERS }),
    passwordHash: text('password_hash').notNull(),
    /** Storage key of the WebP profile photo, or null for the default avatar. */
    profilePictureKey: text('profile_picture_key'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Per-account login back-off, whatever the caller's IP. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    loginBlockedUntil: timestamptz('login_blocked_until'),
    /** Suspended by an admin until then (login refused, listings hidden); lifted by a job on expiry. */
    suspendedUntil: timestamptz('suspended_until'),
    /** Banned by an admin: like a suspension without an end. */
    bannedAt: timestamptz('banned_at'),
    /**
     * The average of the reviews received as a seller (one decimal) and their count, kept by the
     * reviews feature in the transaction of each review, with this row locked (issue 23). Copied to
     * each of the user's listings (products.rating / num_reviews) in the same transaction.
     */
    sellerRating: numeric('seller_rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    sellerReviewCount: integer('seller_review_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    /** The expiry job finds suspensions that are over without reading every user. */
    index('users_suspended_until_idx')
      .on(table.suspendedUntil)
      .where(sql`${table.suspendedUntil} is not null`),
    check('users_seller_rating_check', sql`${table.sellerRating} between 0 and 5 and ${table.sellerReviewCount} >= 0`),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_gender_check', sql.raw(`gender is null or gender in (${sqlList(GENDERS)})`)),
    check('users_phone_check', sql`${table.phoneNumber} is null or ${table.phoneNumber} ~ '^[6-9][0-9]{9}$'`),
  ],
);
