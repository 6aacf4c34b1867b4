import { ApiError } from './api-client.ts';

/**
 * The words a toast shows for a failed call, as spec 8 sets them. The one rule: the server's
 * msg when its answer carried one, else the spec's fallback for that action, never an HTTP
 * status text ('Bad Gateway') or a browser's own error text ('Failed to fetch'). Only the calls
 * spec 8 words differently use the other helpers here.
 */

/** The server's msg, when the call got an answer that carried one. */
export function serverMsgOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.msg : undefined;
}

/** spec 8's default: the server's msg when present, otherwise the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return serverMsgOf(error) ?? fallback;
}

/**
 * For the calls spec 8 words "server msg or error message": auth calls, sending a buy request
 * and the buy-requests fetch. With no server msg, a call that never got an answer shows the
 * network error's own message; a refusal without msg still shows the fallback.
 */
export function serverOrNetworkMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.msg ?? (error.isNetworkError ? error.message : fallback);
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Where spec 8 has two fallbacks for one action: one for an answer that said no without a msg
 * ("unsuccessful"), one for a call that threw before any answer ("threw").
 */
export function failureMessage(error: unknown, fallback: { unsuccessful: string; threw: string }): string {
  // A change refused because the device is offline says so (api-client.ts), whichever the action.
  if (error instanceof ApiError && error.isNetworkError && error.msg) return error.msg;
  if (error instanceof ApiError && !error.isNetworkError) return error.msg ?? fallback.unsuccessful;
  return fallback.threw;
}

/** spec 8's "… followed by the server msg": the prefix alone when the answer carried none. */
export function withServerMsg(prefix: string, error: unknown): string {
  const msg = serverMsgOf(error);
  return msg ? `${prefix} ${msg}` : prefix;
}
