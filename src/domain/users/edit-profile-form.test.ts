import { describe, expect, it } from 'vitest';
import { validationMessages } from '../validation.messages.ts';
import { editProfileFormSchema } from './user.schemas.ts';

const valid = { userName: 'Asha', email: 'asha@campus.edu', phoneNumber: '', gender: '' };

describe('the Edit Profile form', () => {
  it('reads a blank phone as "clear it" and an unchosen gender as "leave it"', () => {
    expect(editProfileFormSchema.parse(valid)).toEqual({
      userName: 'Asha',
      email: 'asha@campus.edu',
      phoneNumber: null,
      gender: undefined,
    });
  });

  it('stores a phone written with +91 and spaces as its ten digits', () => {
    expect(editProfileFormSchema.parse({ ...valid, phoneNumber: '+91 98765 43210', gender: 'Male' })).toMatchObject({
      phoneNumber: '9876543210',
      gender: 'Male',
    });
  });

  it.each([
    [{ userName: '  ' }, validationMessages.userNameInvalid],
    [{ phoneNumber: '5876543210' }, validationMessages.phoneInvalid],
    [{ gender: 'Other' }, validationMessages.genderInvalid],
  ])('refuses %o with the spec message', (change, message) => {
    const result = editProfileFormSchema.safeParse({ ...valid, ...change });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
