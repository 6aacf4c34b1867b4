/**
 * The element of the page in which the server writes the answers of the first screen's calls
 * (server http/first-screen.ts), and from which the web app takes them (web api/api-client.ts).
 */
export const FIRST_SCREEN_ANSWERS_ID = 'first-screen-answers';

/** An answer written into the page serves the call made while the page opens, never a later one. */
export const FIRST_SCREEN_ANSWERS_TTL_MS = 10_000;
