/**
 * Texts the first screens show: the loader and the unreachable-server page before any page has
 * loaded, and the login page. A module of their own: the build puts a module in a download
 * whole, and messages.ts (which re-uses these) holds every text of the product.
 */
export const LOADING_TEXT = 'Loading...';
export const INTERNAL_ERROR_TEXT = 'Something went wrong. Please try again.';
export const SITE_TAGLINE = 'Buy and sell on your campus seamlessly. Modern, secure, and student-first.';
export const LOGIN_SUCCESS_TEXT = 'Successfully logged in';
export const LOGIN_FAILED_TEXT = 'Failed to login';
export const APP_UPDATED_TEXT = 'Campus Market has been updated. Reload the page to continue.';
export const RELOAD_LABEL = 'Reload';
