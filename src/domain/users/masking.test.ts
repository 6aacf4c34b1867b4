import { describe, expect, it } from 'vitest';
import { profileMessages } from './profile.messages.ts';
import { maskEmail, maskPhone } from './masking.ts';

describe('maskEmail', () => {
  it.each([
    ['rahul.sharma@campus.edu', 'ra********ma@campus.edu'],
    ['abcde@campus.edu', 'ab*de@campus.edu'],
    ['abcdef@iitx.ac.in', 'ab**ef@iitx.ac.in'],
    ['first.last+tag@sub.campus.edu', 'fi**********ag@sub.campus.edu'],
  ])('keeps the first two and last two characters of the local part of %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it.each([
    ['abcd@campus.edu', 'a***@campus.edu'],
    ['abc@campus.edu', 'a**@campus.edu'],
    ['ab@campus.edu', 'a*@campus.edu'],
    ['a@campus.edu', '*@campus.edu'],
  ])('never shows a short local part whole: %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('stars a value that is not an address at all', () => {
    expect(maskEmail('not-an-email')).toBe('************');
    expect(maskEmail('@campus.edu')).toBe('***********');
  });

  it("says 'Not provided' when there is no e-mail", () => {
    expect(maskEmail('')).toBe(profileMessages.notProvided);
    expect(maskEmail(null)).toBe(profileMessages.notProvided);
    expect(maskEmail(undefined)).toBe(profileMessages.notProvided);
  });
});

describe('maskPhone', () => {
  it.each([
    ['9876543210', '98******10'],
    ['+919876543210', '98******10'],
    ['919876543210', '98******10'],
    ['09876543210', '98******10'],
    ['+91 98765 43210', '98******10'],
    ['98765-43210', '98******10'],
  ])('keeps the first two and last two digits of %s with six stars between', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it('uses six stars whatever the length of the number', () => {
    expect(maskPhone('12345')).toBe('12******45');
    expect(maskPhone('1234')).toBe('12******34');
  });

  it('shows nothing of a number too short to keep both ends', () => {
    expect(maskPhone('123')).toBe('******');
    expect(maskPhone('7')).toBe('******');
  });

  it("says 'Not provided' when there is no phone", () => {
    expect(maskPhone(null)).toBe(profileMessages.notProvided);
    expect(maskPhone(undefined)).toBe(profileMessages.notProvided);
    expect(maskPhone('')).toBe(profileMessages.notProvided);
    expect(maskPhone('  ')).toBe(profileMessages.notProvided);
  });
});
