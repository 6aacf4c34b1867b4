import { PHONE_COUNTRY_PREFIX } from '../constants.ts';
import { profileMessages } from './profile.messages.ts';

const STAR = '*';
const PHONE_STARS = STAR.repeat(6);

/**
 * Admins see e-mails with the first two and last two characters of the local part kept and
 * the rest starred (spec 6): `rahul.sharma@campus.edu` → `ra********ma@campus.edu`.
 *
 * Short local parts (four characters or fewer) have nothing between those ends to hide, so
 * showing "first two + last two" would show them whole. For them only the first character is
 * kept and every other one is starred (`abcd@x.in` → `a***@x.in`, `ab@x.in` → `a*@x.in`); a
 * single-character local part is starred entirely (`a@x.in` → `*@x.in`). The domain is shown.
 * A value without a usable `@` is starred entirely.
 */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return profileMessages.notProvided;
  const at = email.lastIndexOf('@');
  if (at <= 0) return STAR.repeat(email.length);
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length === 1) return STAR + domain;
  if (local.length <= 4) return local.slice(0, 1) + STAR.repeat(local.length - 1) + domain;
  return local.slice(0, 2) + STAR.repeat(local.length - 4) + local.slice(-2) + domain;
}

/** The national number of a phone written with or without +91, 91 or 0 in front. */
function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith(PHONE_COUNTRY_PREFIX)) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/**
 * Phones: first two and last two digits of the national number kept with six stars between,
 * whatever the length (spec 6): `9876543210` → `98******10`. Fewer than four digits cannot keep
 * both ends without showing everything, so they become the six stars alone.
 */
export function maskPhone(phone: string | null | undefined): string {
  const digits = nationalDigits(phone ?? '');
  if (!digits) return profileMessages.notProvided;
  if (digits.length < 4) return PHONE_STARS;
  return digits.slice(0, 2) + PHONE_STARS + digits.slice(-2);
}
