import { z } from 'zod';
import { GENDERS, OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_NAME_MAX_CHARS } from '../constants.ts';
import { validationMessages as m } from '../validation.messages.ts';

/** RFC 5321's limit on a deliverable address. */
const EMAIL_MAX_LENGTH = 254;

/** A standard-looking address: something@domain.tld, no spaces, one @. */
const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Indian mobile: optional +91, 91 or 0, then 10 digits starting 6 to 9 (spec 5). */
export const INDIAN_MOBILE_PATTERN = /^(?:\+91|91|0)?([6-9]\d{9})$/;

/** At least one lowercase letter, one digit and one symbol; uppercase is not required. */
const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).+$/s;

export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid)
  .transform((email) => email.toLowerCase());

/**
 * Optional phone. Blank means "not given" (null); anything else must be an Indian mobile,
 * stored as its 10 national digits so masking and +91 links have one shape to work with.
 */
export const phoneSchema = z
  .string({ error: m.phoneInvalid })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => value === '' || INDIAN_MOBILE_PATTERN.test(value), m.phoneInvalid)
  .transform((value) => (value === '' ? null : (INDIAN_MOBILE_PATTERN.exec(value)?.[1] ?? null)));

export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && STRONG_PASSWORD_PATTERN.test(password);
}

function strongPassword(requiredMessage: string, weakMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
    .refine(isStrongPassword, weakMessage);
}

export const passwordSchema = strongPassword(m.passwordRequired, m.passwordWeak);
export const newPasswordSchema = strongPassword(m.newPasswordRequired, m.newPasswordWeak);

export const otpCodeSchema = z
  .string({ error: m.enterSixDigits })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), m.enterSixDigits);

export const genderSchema = z.enum(GENDERS, { error: m.genderInvalid });

export const userNameSchema = z
  .string({ error: m.userNameInvalid })
  .trim()
  .min(1, m.userNameInvalid)
  .max(USER_NAME_MAX_CHARS, m.userNameInvalid);

/** Registration sends userName derived from the part of the e-mail before the @ (spec 3). */
export function userNameFromEmail(email: string): string {
  return email.split('@')[0]?.slice(0, USER_NAME_MAX_CHARS) ?? '';
}

export const sendCodeBodySchema = z.object({ email: emailSchema });
export const verifyCodeBodySchema = z.object({ email: emailSchema, code: otpCodeSchema });

/** Fields of the register call (multipart); the photo travels as a file part. */
export const registerFieldsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  userName: userNameSchema.optional().or(z.literal('').transform(() => undefined)),
  phoneNumber: phoneSchema.optional(),
});

/** The register form adds a confirmation that never leaves the browser. */
export const registerFormSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    phoneNumber: phoneSchema,
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: m.passwordsMustMatch,
    path: ['confirmPassword'],
  });

const requiredLoginField = z.string({ error: m.fillAllFields }).min(1, m.fillAllFields);
export const loginBodySchema = z.object({
  // No address is longer than 254 characters; a longer one is refused before it becomes a rate-limit key.
  email: requiredLoginField.max(EMAIL_MAX_LENGTH, m.emailInvalid).transform((email) => email.trim().toLowerCase()),
  password: requiredLoginField.max(PASSWORD_MAX_LENGTH, m.passwordTooLong),
});

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  code: otpCodeSchema,
  password: passwordSchema,
});

export const changePasswordBodySchema = z.object({
  oldPassword: z.string({ error: m.currentPasswordRequired }).min(1, m.currentPasswordRequired),
  password: newPasswordSchema,
});

export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, m.currentPasswordRequired),
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, m.confirmPasswordRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** E-mail may be sent back unchanged by the form; a different one is refused by the server. */
export const editProfileBodySchema = z.object({
  userName: userNameSchema.optional(),
  phoneNumber: phoneSchema.optional(),
  gender: genderSchema.optional(),
  email: z.string().optional(),
});

/**
 * The Edit Profile form: the name is required there, a blank phone clears it and gender may
 * stay unchosen. The e-mail is shown read-only and sent back as it is.
 */
export const editProfileFormSchema = z.object({
  userName: userNameSchema,
  email: z.string(),
  phoneNumber: phoneSchema,
  gender: z.enum(['', ...GENDERS], { error: m.genderInvalid }).transform((gender) => gender || undefined),
});
export type EditProfileFormInput = z.input<typeof editProfileFormSchema>;
export type EditProfileForm = z.output<typeof editProfileFormSchema>;

export type RegisterFields = z.infer<typeof registerFieldsSchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
export type EditProfileBody = z.infer<typeof editProfileBodySchema>;
