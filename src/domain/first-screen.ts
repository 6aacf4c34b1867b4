/**
 * The element of the page in which the server writes the answers of the first screen's calls
 * (server http/first-screen.ts), and from which the web app takes them (web api/api-client.ts).
 */
export const FIRST_SCREEN_ANSWERS_ID = 'first-screen-answers';

/** An answer written into the page serves the call made while the page opens, never a later one. */
export const FIRST_SCREEN_ANSWERS_TTL_MS = 10_000;

/**
 * The page's `<meta>` naming the site's own address (PUBLIC_URL), written by the server
 * (http/first-screen.ts). Photo and avatar addresses in answers are absolute under it, so that
 * other clients can show them; the web app shows the ones on this site from the page's own
 * origin instead (web/api/own-files.ts), so a page opened by another name (127.0.0.1, a LAN
 * address) still shows them.
 */
export const SITE_URL_META = 'campus-market:site-url';

/** The paths under which the site serves its own pictures: uploads and the web app's images. */
export const OWN_FILE_PATHS = ['/uploads/', '/images/'] as const;
