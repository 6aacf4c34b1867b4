import { describe, expect, it } from 'vitest';
import { authMessages } from './users/auth.messages.ts';
import { waitText } from './wait-text.ts';

describe('waitText', () => {
  it('says seconds below a minute and a half, whole minutes (rounded up) above', () => {
    expect([0.2, 1, 40, 89, 90, 120, 121, 900].map(waitText)).toEqual([
      '1 second',
      '1 second',
      '40 seconds',
      '89 seconds',
      '2 minutes',
      '2 minutes',
      '3 minutes',
      '15 minutes',
    ]);
  });

  it('tells a student when a new code may be asked for', () => {
    expect(authMessages.resendTooSoon(42)).toBe('Please wait 42 seconds before requesting a new code.');
    expect(authMessages.loginBackoff(900)).toBe('Too many failed logins. Please try again in 15 minutes.');
  });
});
