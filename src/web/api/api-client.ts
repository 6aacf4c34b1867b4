import { type ErrorCode, errorCodeForStatus } from '#domain/api-errors.ts';
import { FIRST_SCREEN_ANSWERS_ID, FIRST_SCREEN_ANSWERS_TTL_MS } from '#domain/first-screen.ts';
import { siteMessages } from '#domain/site.messages.ts';
import { offlineMessages } from '#domain/offline.ts';
import { parseAnswerJson } from './own-files.ts';

/**
 * A failed call: its status (0 when no answer came), stable code, and `msg`, the server's own
 * words, present only when its answer carried one. `message` describes the failure for logs
 * and diagnostics; what a toast shows is chosen in failure-message.ts.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    readonly msg?: string,
    /** The answer's Retry-After, in seconds (503 BUSY, 429), when it carried one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(msg ?? message);
  }

  /** The server shed the call under load before doing anything: asking again later is safe. */
  get isBusy(): boolean {
    return this.code === 'BUSY';
  }

  /** The call got no answer at all (offline, DNS, connection reset). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type Body = FormData | Record<string, unknown> | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: Body;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Answers the server wrote into the page for the calls the first screen makes (by address), so
 * they are not asked again over a slow network. Each serves one call, within the first seconds.
 */
function readFirstScreenAnswers(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ANSWERS_ID);
  if (!element?.textContent) return new Map();
  try {
    return new Map(Object.entries(parseAnswerJson(element.textContent) as Record<string, unknown>));
  } catch {
    return new Map();
  } finally {
    element.remove();
  }
}

const firstScreenAnswers = readFirstScreenAnswers();
/** The same answers, kept for the service worker's offline cache (they never passed through it). */
const firstScreenAnswersForOffline = [...firstScreenAnswers];

/** The answers written into this page, by address (features/pwa saves them for offline). */
export function pageAnswers(): ReadonlyArray<readonly [string, unknown]> {
  return firstScreenAnswersForOffline;
}
const pageOpenedAt = Date.now();

function firstScreenAnswer(url: string): unknown {
  const answer = firstScreenAnswers.get(url);
  firstScreenAnswers.delete(url);
  return Date.now() - pageOpenedAt < FIRST_SCREEN_ANSWERS_TTL_MS ? answer : undefined;
}

/**
 * The only place the browser calls fetch (apiUpload below is its XHR twin for progress). Every call sends the session cookie (spec 6: calls
 * send credentials); answers are JSON of the shape { success, msg?, ...data }.
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = withQuery(`/api/v1${path}`, options.query);
  const written = (options.method ?? 'GET') === 'GET' ? firstScreenAnswer(url) : undefined;
  if (written !== undefined) return Promise.resolve(written as T);
  return send<T>(url, options);
}

/** The browser knows it has no network. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A change asked for while offline: refused at once with a clear message, never queued to be
 * sent later behind the user's back (a buy request or a price must not change by surprise).
 */
function offlineRefusal(): ApiError {
  return new ApiError('Offline', 0, 'NETWORK', offlineMessages.writeRefused);
}

async function send<T>(url: string, { method = 'GET', body, signal }: RequestOptions): Promise<T> {
  const isForm = body instanceof FormData;
  if (method !== 'GET' && isOffline()) throw offlineRefusal();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: body && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (method !== 'GET' && isOffline()) throw offlineRefusal();
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0, 'NETWORK');
  }
  const data = parseJson(await response.text().catch(() => ''));
  return checkedAnswer<T>(response.status, response.ok, data, method, response.headers.get('retry-after'));
}

/**
 * A live stream of the API (Server-Sent Events), with the session cookie. The browser
 * reconnects it by itself after a dropped connection, sending the last event's id.
 */
export function apiEventSource(path: string, query?: RequestOptions['query']): EventSource {
  return new EventSource(withQuery(`/api/v1${path}`, query), { withCredentials: true });
}

type AnswerBody = { success?: boolean; msg?: string; code?: ErrorCode };

/** Retry-After in seconds (the HTTP-date form is not sent by this API). */
function retryAfterOf(header: string | null): number | undefined {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * One mapping of an answer to data or ApiError, shared by fetch and XHR calls. A change the
 * server shed (503 BUSY) says so in words of its own: it was not sent, and what was typed stays.
 */
function checkedAnswer<T>(status: number, ok: boolean, data: AnswerBody, method: string, retryAfter: string | null): T {
  if (!ok || data.success === false) {
    const code = data.code ?? errorCodeForStatus(status);
    const given = typeof data.msg === 'string' && data.msg.trim() ? data.msg : undefined;
    const msg = code === 'BUSY' && method !== 'GET' ? siteMessages.busyNotSaved : given;
    throw new ApiError(`Request failed with status ${status}`, status, code, msg, retryAfterOf(retryAfter));
  }
  return data as T;
}

/** A proxy's HTML error page or an empty body is an answer without data, not a crash. */
function asAnswerBody(value: unknown): AnswerBody {
  return typeof value === 'object' && value !== null ? (value as AnswerBody) : {};
}

function parseJson(text: string): AnswerBody {
  try {
    return asAnswerBody(parseAnswerJson(text));
  } catch {
    return {};
  }
}

export interface UploadOptions {
  method?: 'POST' | 'PATCH';
  body: FormData;
  /** Fraction of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart call that reports upload progress. fetch cannot observe the request body being
 * sent, so this one call uses XMLHttpRequest; answers and errors map exactly as apiRequest's.
 */
export function apiUpload<T>(path: string, options: UploadOptions): Promise<T> {
  const { method = 'POST', body, onProgress, signal } = options;
  if (isOffline()) return Promise.reject(offlineRefusal());
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api/v1${path}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const ok = request.status >= 200 && request.status < 300;
      try {
        resolve(
          checkedAnswer<T>(request.status, ok, parseJson(request.responseText), method, request.getResponseHeader('retry-after')),
        );
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(isOffline() ? offlineRefusal() : new ApiError('Network error', 0, 'NETWORK'));
    request.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
