/** Business constants and limits (spec section 9). One definition, imported by server and browser. */

export const MAX_PRODUCT_IMAGES = 5;
export const MIN_PRODUCT_IMAGES = 1;
export const ADMIN_USERS_PAGE_SIZE = 15;
export const ADMIN_USERS_PAGE_SIZE_MAX = 100;
export const HOME_RECENT_PRODUCTS = 10;
export const WISHLIST_SKELETON_COUNT = 6;

export const OTP_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only stops hashing megabytes on purpose. */
export const PASSWORD_MAX_LENGTH = 256;
export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const CARD_DESCRIPTION_MAX_CHARS = 70;
export const CURRENCY_SYMBOL = '₹';
export const PHONE_COUNTRY_PREFIX = '91';

export const CAROUSEL_INTERVAL_MS = 5000;
export const CARD_IMAGE_CYCLE_MS = 1500;
export const SEARCH_DEBOUNCE_MS = 300;

/** Tailwind's default breakpoints are exactly the spec's: below 640 is xs, and so on. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

export const TOASTS = { visible: 3, durationMs: 4000, gapPx: 14 } as const;
export const IMAGE_CROP = { aspect: 1, minZoom: 1, maxZoom: 3, jpegQuality: 0.92 } as const;

export const DEFAULT_AVATAR_PATH = '/images/user-avatar.png';

/** Local-storage key of the persisted product filter; the spec wants it to end in FILTER. */
export const PRODUCT_FILTER_STORAGE_KEY = 'campus-market:product-FILTER';

export const PRODUCTS_PAGE_SIZE_DEFAULT = 24;
export const PRODUCTS_PAGE_SIZE_MAX = 100;
/** My Listings pages too (an admin's own My Listings is every product), in larger pages. */
export const MY_LISTINGS_PAGE_SIZE_DEFAULT = 100;

export const BUY_REQUEST_MESSAGE_MAX_CHARS = 1000;
export const PRODUCT_TITLE_MAX_CHARS = 120;
export const PRODUCT_DESCRIPTION_MAX_CHARS = 5000;
export const PRODUCT_PRICE_MAX = 10_000_000;
export const USER_NAME_MAX_CHARS = 60;

export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Notifications per page of the bell's list and of /user/notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;
/** The bell shows this many at most, then "9+". */
export const UNREAD_BADGE_MAX = 9;
