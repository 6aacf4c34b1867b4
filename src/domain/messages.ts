import { INTERNAL_ERROR_TEXT, LOADING_TEXT, LOGIN_FAILED_TEXT, LOGIN_SUCCESS_TEXT, SITE_TAGLINE } from './first-screen-texts.ts';
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

export const productMessages = {
  uploaded: 'Product added successfully!',
  uploadFailed: 'Failed to upload product',
  updated: 'Product updated successfully',
  modifyError: 'Error Occured in modifying the product',
  editFailed: 'Failed to edit product',
  deleted: 'Product deleted Successfully',
  deleteFailed: 'Failed to delete product',
  notFound: 'Product not found',
  /** A `cursor` that is not one the server handed out, or one of another sort order. */
  pageLinkInvalid: 'This page link is no longer valid.',
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
  loading: LOADING_TEXT,
  soldOutBadge: 'SOLD OUT',
  /** Issue 23: the seller holds it for a buyer; it stays listed, after available ones. */
  reservedBadge: 'Reserved',
  soldFor: (amount: string) => `Sold for ${amount}`,
  soldElsewhere: 'Sold elsewhere',
  notAvailable: 'Not Available',
  /** The product page's action bar (issue 22): fixed to the bottom of a phone's screen. */
  buyerActionsLabel: 'Buy or ask the seller',
  ownerActionsLabel: 'Manage your listing',
  imageTooLarge: 'Each image must be at most 10 MB.',
  imageTooManyPixels: 'This image is too large in pixels.',
  imageUnreadable: validationMessages.onlyImages,
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
  addTitle: 'Add to wishlist',
  removeTitle: 'Remove from wishlist',
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
  /** No request of this buyer on this listing at all (issue 9: a missing thing, not a permission). */
  requestNotFound: 'Buy request not found',
  /** The buyer's request exists but was already accepted, rejected or closed. */
  requestAlreadyDecided: 'This buy request has already been decided.',
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

export const siteMessages = {
  footerTagline: SITE_TAGLINE,
  notFound: 'Not found',
  internalError: INTERNAL_ERROR_TEXT,
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  payloadTooLarge: 'The upload is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  imagesBusy: 'Too many photos are being processed right now. Please try again in a few seconds.',
  malformedUpload: 'The upload could not be read. Please try again.',
  nulCharacter: 'Text cannot contain NUL characters.',
  malformedAddress: 'This address is not valid.',
  methodNotAllowed: 'This address does not accept that method.',
  invalidJson: 'The request body is not valid JSON.',
  emptyJsonBody: 'The request body is empty; send a JSON object.',
  bodyNotObject: 'The request body must be a JSON object.',
  badRequest: 'The request could not be read.',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  liveBusy: 'Live updates are busy right now. The page will try again shortly.',
  /** A request shed under load (503 BUSY), before any work was done. */
  busy: 'Campus Market is very busy right now. Try again in a few seconds.',
  /** Shown on a page while its data is asked again after a busy answer. */
  busyRetrying: 'Campus Market is very busy right now. Still trying…',
  /** A change (message, listing, offer) that was shed: nothing was saved, what was typed is kept. */
  busyNotSaved: 'Campus Market is very busy right now, so this was not sent. Your text is kept: try again in a few seconds.',
  /** A per-account cap on uploads running at once (429). */
  uploadsBusy: (limit: number) =>
    `You already have ${limit === 1 ? 'an upload' : `${limit} uploads`} in progress. Wait for ${limit === 1 ? 'it' : 'them'} to finish, then try again.`,
} as const;

/** The app's frame: the phone's bottom bar (at most five tabs), its account menu and the footer's links (issue 22). */
export const shellMessages = {
  /** The bottom bar's last tab, which opens the account menu; it carries the unread alerts. */
  accountTab: 'Account',
  accountTabLabel: (unreadAlerts: number) =>
    unreadAlerts === 0 ? 'Account menu' : `Account menu, ${unreadAlerts} unread ${unreadAlerts === 1 ? 'alert' : 'alerts'}`,
  myAccount: 'My account',
  alerts: 'Alerts',
  alertsWithUnread: (unread: number) => (unread === 0 ? 'Alerts' : `Alerts, ${unread} unread`),
  myListings: 'My Listings',
  wishlist: 'Wishlist',
  notificationSettings: 'Notification settings',
  jobs: 'Background jobs',
  audit: 'Audit log',
  about: 'About Campus Market',
  logout: 'Log out',
  quickLinks: 'Quick links',
} as const;

/** The bell, the notifications list, the preferences and the unsubscribe page. */
export const notificationMessages = {
  heading: 'Notifications',
  bellLabel: (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`),
  /** The bell's tab in the phone's bottom bar, whose label must be short. */
  tab: 'Alerts',
  tabLabel: (unread: number) => (unread === 0 ? 'Alerts' : `Alerts, ${unread} unread`),
  unreadAnnouncement: (unread: number) =>
    unread === 1 ? 'You have 1 unread notification' : `You have ${unread} unread notifications`,
  empty: 'No notifications yet. You will see buy requests and answers to yours here.',
  markAllRead: 'Mark all as read',
  allMarkedRead: 'All notifications marked as read',
  seeAll: 'See all notifications',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  unreadBadge: 'New',
  loadFailed: 'Failed to load notifications.',
  markReadFailed: 'Failed to mark as read.',
  notFound: 'Notification not found',
  cursorInvalid: 'The page cursor must be a number',
  limitInvalid: 'Limit must be a whole number from 1 to 50',
  kindInvalid: 'Please choose one of the listed kinds of notification',
  emailChoiceInvalid: 'Please choose whether to get e-mails',
  preferencesHeading: 'Notifications',
  preferencesIntro: 'Everything shows under the bell. Choose what should also reach you by e-mail or on your phone.',
  preferencesSecurityNote: 'Sign-up and password-reset codes are always sent by e-mail.',
  inAppOnly: 'In the app only',
  alsoByEmail: 'Also by e-mail',
  preferenceSaved: 'Notification settings saved',
  preferenceSaveFailed: 'Failed to save notification settings.',
  preferencesLoadFailed: 'Failed to load notification settings.',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeQuestion: (label: string) => `Stop e-mails about: ${label}?`,
  unsubscribeExplain: 'You will still see these in the app, under the bell.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribing: 'Unsubscribing...',
  unsubscribed: (label: string) => `Done. You will no longer get e-mails about: ${label}.`,
  alreadyUnsubscribed: (label: string) => `You already get no e-mails about: ${label}.`,
  unsubscribeManage: 'You can turn them back on in your account, under Notifications.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. You can change your e-mail settings in your account.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
  goToSite: 'Go to Campus Market',
} as const;

/** The admin's background-jobs page. */
export const jobMessages = {
  heading: 'Background jobs',
  intro: 'Mail and housekeeping run in the background. Failed jobs stay here until retried or discarded.',
  countsLabel: 'Jobs by kind',
  kindColumn: 'Kind',
  queuedColumn: 'Queued',
  activeColumn: 'Running',
  failedColumn: 'Failed',
  noJobs: 'No jobs yet.',
  failedHeading: 'Failed jobs',
  noFailed: 'No failed jobs.',
  lastError: 'Last error',
  attempts: (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`),
  failedAt: 'Failed',
  retry: 'Retry',
  discard: 'Discard',
  retried: 'The job is queued again.',
  discarded: 'The job was discarded.',
  retryFailed: 'Failed to retry the job.',
  discardFailed: 'Failed to discard the job.',
  discardConfirmTitle: 'Discard this job?',
  discardConfirm: 'This action cannot be undone. The job will not run again.',
  loading: 'Loading jobs',
  loadFailed: 'Failed to load jobs.',
  notFound: 'This job is not among the failed jobs any more.',
} as const;
