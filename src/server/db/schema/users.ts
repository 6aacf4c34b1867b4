import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    /** The expiry job finds suspensions that are over without reading every user. */
    index('users_suspended_until_idx')
      .on(table.suspendedUntil)
      .where(sql`${table.suspendedUntil} is not null`),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_gender_check', sql.raw(`gender is null or gender in (${sqlList(GENDERS)})`)),
    check('users_phone_check', sql`${table.phoneNumber} is null or ${table.phoneNumber} ~ '^[6-9][0-9]{9}$'`),
  ],
);
