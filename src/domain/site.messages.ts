import { INTERNAL_ERROR_TEXT, SITE_TAGLINE } from './first-screen-texts.ts';

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
