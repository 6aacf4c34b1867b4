import { z } from 'zod';
import { GENDERS } from '../constants.ts';

/** The picture of a user as the wire carries it (spec 3: an object with url). */
export const profilePictureSchema = z.object({ url: z.string() });

/** The signed-in user, as check-auth, login and register answer it. */
export const sessionUserSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  isAdmin: z.boolean(),
  profilePicture: profilePictureSchema,
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * A user's public profile (never a password hash or session data). E-mail and phone are null
 * unless the user sells something (their contact shows on their products anyway) or is the caller.
 */
export const publicUserSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  profilePicture: profilePictureSchema,
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A row of the admin's User Management page: contact details masked on the server. */
export const adminUserRowSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  gender: z.enum(GENDERS).nullable(),
  isAdmin: z.boolean(),
  profilePicture: profilePictureSchema,
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
