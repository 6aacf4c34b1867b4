import { LOGIN_FAILED_TEXT, LOGIN_SUCCESS_TEXT } from '../first-screen-texts.ts';
import { waitText } from '../wait-text.ts';

export const authMessages = {
  loginSuccess: LOGIN_SUCCESS_TEXT,
  loginFailed: LOGIN_FAILED_TEXT,
  invalidCredentials: 'Invalid email or password',
  registerSuccess: 'Registration successful',
  registerFailed: 'Registration failed',
  userExists: 'User Already Exists',
  otpSent: 'OTP sent to your email.',
  otpSendFailed: 'Failed to send OTP. Try again.',
  alreadyVerified: 'Email already verified',
  verified: 'Email verified successfully',
  verificationFailed: 'Verification failed',
  verificationFailedAlert: 'Verification failed.',
  invalidCode: 'Invalid code.',
  codeExpired: 'This code has expired. Please request a new one.',
  codeDead: 'Too many wrong attempts. Please request a new code.',
  emailDomainNotAllowed: 'Please use your institute e-mail address.',
  loggedOut: 'Logged-Out',
  cropFailed: 'Failed to crop image.',
  notLoggedIn: 'Please log in to continue.',
  notAllowed: 'You are not allowed to do this.',
  /**
   * Ids in a path or body never say who the caller is (docs/COMPATIBILITY.md): each refusal
   * says what the caller may do instead of a bare 'not allowed'.
   */
  onlyOwnAccount: 'You can only change your own account.',
  onlyOwnListings: 'You can only see or change your own listings.',
  onlyOwnBuyRequests: 'You can only see your own buy requests.',
  onlyListingSeller: "Only this listing's seller can see or answer its buy requests.",
  notAdmin: 'You are not the Admin',
  loginToContinue: 'Login to Continue',
  resetCodeSent: 'If an account exists for this e-mail, a reset code has been sent.',
  passwordReset: 'Your password has been reset. Please log in.',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyRequestsRetry: (seconds: number) => `Too many attempts. Please try again in ${waitText(seconds)}.`,
  resendTooSoon: (seconds: number) => `Please wait ${waitText(seconds)} before requesting a new code.`,
  loginBackoff: (seconds: number) => `Too many failed logins. Please try again in ${waitText(seconds)}.`,
  profilePhotoTooLarge: 'The profile photo must be at most 5 MB.',
  crossSiteRefused: 'Cross-site request refused.',
} as const;
