import { type ErrorCode, errorCodeForStatus } from '#domain/api-errors.ts';

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
  ) {
    super(msg ?? message);
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

/** GET calls started ahead of the screen that will make them (requestAhead), by address. */
const answersAhead = new Map<string, { answer: Promise<unknown>; startedAt: number }>();
/** An answer asked for ahead serves a screen that opens soon after, never a later visit. */
const ANSWER_AHEAD_TTL_MS = 10_000;
let startingAhead = false;

/**
 * Makes `call` (one GET through apiRequest, e.g. fetchProducts) now, before the screen that needs
 * it has even been downloaded; the screen's own identical call, if made within 10 s, is answered
 * with it instead of asking the server again. The screens' hooks stay as they are.
 */
export function requestAhead<T>(call: () => Promise<T>): Promise<T> {
  startingAhead = true;
  try {
    return call();
  } finally {
    startingAhead = false;
  }
}

/**
 * The only place the browser calls fetch (apiUpload below is its XHR twin for progress). Every call sends the session cookie (spec 6: calls
 * send credentials); answers are JSON of the shape { success, msg?, ...data }.
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = withQuery(`/api/v1${path}`, options.query);
  if ((options.method ?? 'GET') !== 'GET') return send<T>(url, options);
  const ahead = answersAhead.get(url);
  answersAhead.delete(url);
  if (ahead && Date.now() - ahead.startedAt < ANSWER_AHEAD_TTL_MS) return ahead.answer as Promise<T>;
  const answer = send<T>(url, options);
  if (startingAhead) {
    startingAhead = false;
    answersAhead.set(url, { answer, startedAt: Date.now() });
  }
  return answer;
}

async function send<T>(url: string, { method = 'GET', body, signal }: RequestOptions): Promise<T> {
  const isForm = body instanceof FormData;
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
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0, 'NETWORK');
  }
  const data = asAnswerBody(await response.json().catch(() => undefined));
  return checkedAnswer<T>(response.status, response.ok, data);
}

/**
 * A live stream of the API (Server-Sent Events), with the session cookie. The browser
 * reconnects it by itself after a dropped connection, sending the last event's id.
 */
export function apiEventSource(path: string, query?: RequestOptions['query']): EventSource {
  return new EventSource(withQuery(`/api/v1${path}`, query), { withCredentials: true });
}

type AnswerBody = { success?: boolean; msg?: string; code?: ErrorCode };

/** One mapping of an answer to data or ApiError, shared by fetch and XHR calls. */
function checkedAnswer<T>(status: number, ok: boolean, data: AnswerBody): T {
  if (!ok || data.success === false) {
    const msg = typeof data.msg === 'string' && data.msg.trim() ? data.msg : undefined;
    throw new ApiError(`Request failed with status ${status}`, status, data.code ?? errorCodeForStatus(status), msg);
  }
  return data as T;
}

/** A proxy's HTML error page or an empty body is an answer without data, not a crash. */
function asAnswerBody(value: unknown): AnswerBody {
  return typeof value === 'object' && value !== null ? (value as AnswerBody) : {};
}

function parseJson(text: string): AnswerBody {
  try {
    return asAnswerBody(JSON.parse(text));
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
        resolve(checkedAnswer<T>(request.status, ok, parseJson(request.responseText)));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError('Network error', 0, 'NETWORK'));
    request.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
