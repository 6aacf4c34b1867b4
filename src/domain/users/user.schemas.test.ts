import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../validation.messages.ts';
import {
  changePasswordFormSchema,
  emailSchema,
  loginBodySchema,
  otpCodeSchema,
  passwordSchema,
  phoneSchema,
  registerFormSchema,
  userNameFromEmail,
} from './user.schemas.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('e-mail', () => {
  it.each(['asha@iitb.ac.in', 'first.last+tag@campus.edu', 'A.B@Sub.Campus.EDU'])('accepts %s', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(true);
  });

  it('stores addresses lower-cased and trimmed', () => {
    expect(emailSchema.parse('  Asha@IITB.ac.in ')).toBe('asha@iitb.ac.in');
  });

  it("says 'Email is required' when empty", () => {
    expect(firstMessage(emailSchema.safeParse(''))).toBe(m.emailRequired);
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe(m.emailRequired);
  });

  it.each(['asha', 'asha@', '@campus.edu', 'asha@campus', 'as ha@campus.edu', 'asha@@campus.edu'])(
    "refuses %s with 'Please enter a valid email address'",
    (email) => {
      expect(firstMessage(emailSchema.safeParse(email))).toBe(m.emailInvalid);
    },
  );
});

describe('phone (Indian mobile, optional)', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['6000000000', '6000000000'],
    ['98765 43210', '9876543210'],
  ])('accepts %s and keeps the 10 digits %s', (input, stored) => {
    expect(phoneSchema.parse(input)).toBe(stored);
  });

  it('treats a blank phone as not given', () => {
    expect(phoneSchema.parse('')).toBeNull();
    expect(phoneSchema.parse('   ')).toBeNull();
  });

  it.each(['5876543210', '987654321', '98765432101', '+19876543210', 'abcdefghij', '+91 98765'])(
    "refuses %s with 'Please enter a valid phone number'",
    (input) => {
      expect(firstMessage(phoneSchema.safeParse(input))).toBe(m.phoneInvalid);
    },
  );
});

describe('password strength', () => {
  it.each(['campus-pass-1!', 'abcdefg1!', 'correct horse battery 9!', 'ÄÖÜaaaa1#'])('accepts %s', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });

  it('does not require an uppercase letter', () => {
    expect(passwordSchema.safeParse('lowercase1!').success).toBe(true);
  });

  it('accepts a long passphrase whole (64 characters and more)', () => {
    const long = `${'a'.repeat(120)}1!`;
    expect(passwordSchema.parse(long)).toBe(long);
  });

  it("says 'Password is required' when empty", () => {
    expect(firstMessage(passwordSchema.safeParse(''))).toBe(m.passwordRequired);
  });

  it.each([
    ['short1!', 'too short'],
    ['nodigits!!', 'no number'],
    ['nosymbol12', 'no symbol'],
    ['UPPERCASE1!', 'no lowercase letter'],
  ])('refuses %s (%s) with the spec message', (password) => {
    expect(firstMessage(passwordSchema.safeParse(password))).toBe(m.passwordWeak);
  });

  it("refuses a mismatched confirmation with 'Passwords must match'", () => {
    const result = registerFormSchema.safeParse({
      email: 'a@campus.edu',
      password: 'campus-pass-1!',
      confirmPassword: 'campus-pass-2!',
      phoneNumber: '',
    });
    expect(firstMessage(result)).toBe(m.passwordsMustMatch);
  });
});

describe('change password form', () => {
  const valid = { oldPassword: 'old-pass-1!', password: 'new-pass-1!', confirmPassword: 'new-pass-1!' };

  it('accepts a strong new password confirmed', () => {
    expect(changePasswordFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ ...valid, oldPassword: '' }, m.currentPasswordRequired],
    [{ ...valid, password: '', confirmPassword: '' }, m.newPasswordRequired],
    [{ ...valid, password: 'weakpass', confirmPassword: 'weakpass' }, m.newPasswordWeak],
    [{ ...valid, confirmPassword: '' }, m.confirmPasswordRequired],
    [{ ...valid, confirmPassword: 'new-pass-2!' }, m.passwordsDoNotMatch],
  ])('refuses %j with its message', (form, message) => {
    expect(changePasswordFormSchema.safeParse(form).error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('one-time code', () => {
  it('accepts exactly six digits', () => {
    expect(otpCodeSchema.parse('012345')).toBe('012345');
  });

  it.each(['12345', '1234567', '12a456', '', '12 345'])("refuses %j with 'Please enter 6 digits.'", (code) => {
    expect(firstMessage(otpCodeSchema.safeParse(code))).toBe(m.enterSixDigits);
  });
});

describe('login', () => {
  it("asks for both fields with 'Please fill in all fields.'", () => {
    expect(firstMessage(loginBodySchema.safeParse({ email: '', password: 'x' }))).toBe(m.fillAllFields);
    expect(firstMessage(loginBodySchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(m.fillAllFields);
    expect(firstMessage(loginBodySchema.safeParse({}))).toBe(m.fillAllFields);
  });
});

describe('user name from e-mail', () => {
  it('takes the part before the @ (spec 3)', () => {
    expect(userNameFromEmail('asha.k@iitb.ac.in')).toBe('asha.k');
  });
});
