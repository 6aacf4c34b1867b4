/**
 * Every message of the spec's sections 5 and 8, verbatim, the texts that tests, the server or
 * several screens share, and the few the server needs beyond the spec. Server answers and browser
 * toasts both read from here. A label used by one component only (a heading, a button) stays in
 * that component, with the spec's wording.
 */

/** "45 seconds", "1 minute", "15 minutes": how long to wait, for the messages below. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return whole === 1 ? '1 second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minutes`;
}

export const validationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  passwordRequired: 'Password is required',
  passwordWeak: 'Password must be at least 8 characters, include one number and one symbol',
  passwordHint: 'At least 8 characters, with a lowercase letter, a number and a symbol.',
  passwordsMustMatch: 'Passwords must match',
  passwordTooLong: 'Password must be at most 256 characters',
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordWeak: 'New password must be at least 8 characters, include one number and one symbol',
  confirmPasswordRequired: 'Confirm password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordMismatchOnSubmit: 'New password and confirm password do not match.',
  enterEmail: 'Please enter your email',
  enterSixDigits: 'Please enter 6 digits.',
  verifyEmailFirst: 'Please verify your email first.',
  fillAllFields: 'Please fill in all fields.',
  fillRequiredProductFields: 'Please fill in all required fields.',
  uploadAtLeastOneImage: 'Please upload at least one image.',
  maxImages: 'Max 5 images are allowed',
  emailCannotChange: 'Email cannot be changed',
  genderInvalid: 'Please choose Male or Female',
  userNameInvalid: 'Please enter a name of at most 60 characters',
  priceInvalid: 'Price must be a number of at least 0',
  categoryInvalid: 'Please choose one of the listed categories',
  conditionInvalid: 'Please choose one of the listed conditions',
  onlyImages: 'Only image files are allowed',
  buyRequestMessageRequired: 'Please add a message before sending.',
  buyRequestMessageTooLong: 'Your message can be at most 1000 characters.',
} as const;

export const authMessages = {
  loginSuccess: 'Successfully logged in',
  loginFailed: 'Failed to login',
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

export const productMessages = {
  uploaded: 'Product added successfully!',
  uploadFailed: 'Failed to upload product',
  updated: 'Product updated successfully',
  modifyError: 'Error Occured in modifying the product',
  editFailed: 'Failed to edit product',
  deleted: 'Product deleted Successfully',
  deleteFailed: 'Failed to delete product',
  notFound: 'Product not found',
  alreadySold: 'You have already sold this product!',
  deleteConfirmTitle: 'Are you absolutely sure?',
  deleteConfirm: 'This action cannot be undone. This will permanently delete your product.',
  imageDeleteConfirmTitle: 'Remove this photo?',
  imageDeleteConfirm: 'This image will be permanently removed from the listing when you save.',
  noRecent: 'No recent products found.',
  noneFound: 'No products found. Try adjusting your search or filters!',
  noSimilar: 'No similar products found.',
  noListings: "You Haven't Listed Anything Yet!",
  noListingsEncouragement:
    'Got books, gadgets or furniture you no longer need? List them in a minute and let another student put them to use.',
  loading: 'Loading...',
  soldOutBadge: 'SOLD OUT',
  notAvailable: 'Not Available',
  imageTooLarge: 'Each image must be at most 10 MB.',
  imageTooManyPixels: 'This image is too large in pixels.',
  imageUnreadable: validationMessages.onlyImages,
} as const;

/** Home page copy (spec 2): the three banner slides and the section titles. */
export const homeMessages = {
  slides: [
    { heading: 'Welcome to the product', subheading: 'All your campus essentials, all in one place' },
    { heading: 'Shop, Sell, Save', subheading: 'Great prices from real students' },
    { heading: 'Hostel Ready?', subheading: 'Get furniture & supplies in minutes' },
  ],
  shopByCategories: 'Shop by Categories',
  recentlyAdded: 'Recently Added Products',
  exploreMore: 'Explore More',
} as const;

export const wishlistMessages = {
  added: 'Added to wishlist',
  removed: 'Removed from wishlist',
  addFailed: 'Failed',
  addError: 'Server error',
  removeFailed: 'Failed to remove from wishlist',
  removeError: 'Error removing from wishlist',
  empty: 'Your wishlist is currently empty.',
  ownListing: 'You cannot wishlist your own listing.',
  addLabel: (title: string) => `Add ${title} to wishlist`,
  removeLabel: (title: string) => `Remove ${title} from wishlist`,
} as const;

export const buyRequestMessages = {
  sent: 'Your interest is sent to the seller',
  updated: 'Your message to the seller has been updated',
  sendFailed: 'Failed to send',
  fetchProductsFailed: 'Error in getting the products',
  ownListingButton: 'Your upload',
  ownListing: 'You cannot send a buy request for your own listing.',
  soldOut: 'This product has already been sold.',
  loadBuyersFailed: 'Failed to load interested buyers.',
  fetchBuyersError: 'Error fetching buyers!',
  unknownBuyer: 'Unknown Buyer',
  accepted: 'Successfully marked as sold out!',
  acceptFailed: 'Failed to upload!',
  rejected: 'Successfully Rejected Buy Request!',
  rejectFailed: 'Failed to reject request!',
  noActiveRequest: 'This buyer has no open request for this product.',
  alreadyDecided: 'This product has already been sold to another buyer.',
  confirmCannotBeUndone: 'This action cannot be undone.',
  sendButton: 'Send buy request',
  updateButton: 'Update your message',
  sendingButton: 'Sending...',
  soldOutButton: 'Sold out',
  dialogTitle: 'Send a buy request',
  dialogDescription: 'Tell the seller when and how you would like to collect it. They will see your name, e-mail and phone.',
  messageLabel: 'Message to the seller',
  messagePlaceholder: 'Hi! Is this still available? I can pick it up this evening.',
  statusHeading: 'Your request',
  statusRequested: 'Request sent',
  statusActive: 'Request pending',
  statusActiveHint: 'The seller has your message and will accept or reject it.',
  statusAccepted: 'Request accepted',
  statusAcceptedHint: 'The seller accepted. Get in touch to arrange the hand-over:',
  statusRejected: 'Request rejected',
  statusRejectedHint: 'The seller declined this request. You can send a new one.',
  statusClosed: 'Sold to another buyer',
  statusClosedHint: 'The seller accepted another request for this product.',
  interestedButton: 'Interested buyers',
  interestedTitle: 'Interested buyers',
  noInterestedBuyers: 'No one has sent a buy request for this product yet.',
  acceptButton: 'Accept',
  rejectButton: 'Reject',
  acceptConfirmTitle: (name: string) => `Sell to ${name}?`,
  acceptConfirm: (name: string) =>
    `This action cannot be undone. The product will be marked as sold to ${name}, who gets your contact details; every other request is closed.`,
  rejectConfirmTitle: (name: string) => `Reject ${name}'s request?`,
  rejectConfirm: (name: string) => `This action cannot be undone. ${name} will be told that you declined.`,
} as const;

export const profileMessages = {
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile.',
  passwordUpdated: 'Password updated successfully!',
  passwordUpdateFailed: 'Failed to update password.',
  wrongCurrentPassword: 'Current password is incorrect.',
  fetchFailed: 'Failed to fetch user',
  notFound: 'User not found',
  notProvided: 'Not provided',
  photoUpdated: 'Profile photo updated successfully!',
  photoUpdateFailed: 'Failed to update profile photo.',
  photoRequired: 'Please choose a photo.',
  memberSince: 'Member since',
  sellerListingsHeading: 'Available listings',
  sellerNoListings: 'Nothing for sale from this seller right now.',
} as const;

export const adminMessages = {
  dashboard: 'Admin dashboard',
  userDeleted: 'User deleted Successfully',
  userDeleteFailed: 'Some Error Ocuured! Can not delete this user',
  userDeleteConfirmTitle: productMessages.deleteConfirmTitle,
  userDeleteConfirm: 'This action cannot be undone. This will permanently delete the user and all their products.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  pageInvalid: 'Page must be a whole number of at least 1',
  limitInvalid: 'Limit must be a whole number from 1 to 100',
  fetchUsersFailed: 'Failed to load users.',
  noUsers: 'No users yet.',
  userHasNoListings: 'This user has not listed anything yet.',
} as const;

/** The About page (spec 1): mission, the six-step strip, highlights, guidelines and support. */
export const aboutMessages = {
  title: 'About Campus Market',
  mapTitle: 'Map of the campus',
  mapPlaceholder: 'The campus map will appear here once the site administrator adds it.',
  missionHeading: 'Our mission',
  mission:
    'Campus Market helps students pass on what they no longer need to someone on the same campus who does. ' +
    'Books, cycles, hostel furniture and gadgets find a second owner a short walk away, at a fair price, ' +
    'and less ends up in the bin when a semester ends.',
  stepsHeading: 'How it works',
  steps: [
    { title: 'Browse', text: 'Search and filter what students on your campus are selling.' },
    { title: 'Wishlist', text: 'Save the items you like to find them again later.' },
    { title: 'Request', text: 'Send the seller a buy request with a short message.' },
    { title: 'Response', text: 'The seller accepts or declines your request.' },
    { title: 'Contact', text: 'Meet up through institute e-mail or a messaging app.' },
    { title: 'Sell', text: 'List your own items with photos in a minute.' },
  ],
  highlightsHeading: 'Why students use it',
  highlights: [
    { title: 'Verified students only', text: 'Every account is confirmed with an institute e-mail address.' },
    { title: 'Right on campus', text: 'Buyers and sellers live and study a short walk apart.' },
    { title: 'Fair prices', text: 'See the original price and the discount on every listing.' },
    { title: 'Free to use', text: 'No fees and no commission: the whole price goes to the seller.' },
  ],
  guidelinesHeading: 'Community guidelines',
  guidelines: [
    'Describe items honestly, with real photos and their true condition.',
    'Be respectful in every message, whether you buy or sell.',
    'Meet in public places on campus and check the item before you pay.',
    'List only items you own and that are allowed on campus.',
    'Mark items as sold once they are gone, so nobody waits in vain.',
    'Misuse of the service leads to action against the account.',
  ],
  supportHeading: 'Need help?',
  support: 'Questions, problems or a listing to report? Write to us at',
} as const;

export const siteMessages = {
  footerTagline: 'Buy and sell on your campus seamlessly. Modern, secure, and student-first.',
  notFound: 'Not found',
  internalError: 'Something went wrong. Please try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  payloadTooLarge: 'The upload is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  imagesBusy: 'Too many photos are being processed right now. Please try again in a few seconds.',
  malformedUpload: 'The upload could not be read. Please try again.',
  nulCharacter: 'Text cannot contain NUL characters.',
} as const;
