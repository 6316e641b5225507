import i18next from 'i18next';
import type { z } from 'zod';
import { getEventPosition, recordEventPosition } from './event-position';
import { toLanguage } from './language';

type ApiErrorInit = {
  status: number;
  code: string;
  message: string;
  field?: string | undefined;
  requiresVerification?: boolean | undefined;
  /** The message was written by the server for people (a Problem's `message`), not made up from a status line. */
  fromServer?: boolean | undefined;
  /** The problem's other members (what the state that refused the call says: `changedBy`, `changedAt`…). */
  members?: Readonly<Record<string, unknown>> | undefined;
};

/** Every failed call ends as one of these; `message` is already in the user's language when the server wrote it. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly requiresVerification: boolean;
  readonly fromServer: boolean;
  readonly members: Readonly<Record<string, unknown>>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.requiresVerification = init.requiresVerification ?? false;
    this.fromServer = init.fromServer ?? false;
    this.members = init.members ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's own words about a failure (already in the user's language), or null when it gave none. */
export function serverMessageOf(error: unknown): string | null {
  return isApiError(error) && error.fromServer ? error.message : null;
}

export type QueryValue = string | number | boolean | null | undefined;

type RequestOptions<T> = {
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /**
   * Validates the answer; a mismatch is an `INVALID_RESPONSE` error rather than a crash further down. A function
   * loads the schema (and zod) on demand, while the request is under way: what the first paint asks for does not
   * need zod in the first paint's JavaScript.
   */
  schema?: z.ZodType<T> | SchemaLoader<T> | undefined;
  /**
   * The revision (ETag) of the resource as read, for an edit: sent as `If-Match`, so that the server refuses it
   * (412 STALE_EDIT) when somebody else changed the resource since, instead of overwriting their change.
   */
  ifMatch?: number | undefined;
};

/** A schema that loads with its chunk, e.g. `() => import('@recup/query-api/contracts').then((c) => c.CourseDto)`. */
type SchemaLoader<T> = () => Promise<z.ZodType<T>>;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A lagging projection answers 503; we wait as told, once, and never longer than this. */
const MAX_RETRY_AFTER_SECONDS = 10;

export function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const url = new URL(path, 'http://origin.invalid');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  // Defeats every cache between us and the server, as the specification requires of each call.
  url.searchParams.set('t', String(Date.now()));
  return `${url.pathname}${url.search}`;
}

function buildHeaders(method: Method, hasBody: boolean, ifMatch: number | undefined): Headers {
  const headers = new Headers({
    Accept: 'application/json, application/problem+json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'X-Request-Time': new Date().toISOString(),
    'Accept-Language': toLanguage(i18next.resolvedLanguage ?? i18next.language),
  });
  const position = getEventPosition();
  if (position !== null) headers.set('X-Min-Position', String(position));
  if (method !== 'GET') headers.set('X-Requested-With', 'recup-points');
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (ifMatch !== undefined && method !== 'GET') headers.set('If-Match', `"${ifMatch}"`);
  return headers;
}

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (header === null) return null;
  const seconds = Number(header);
  if (!Number.isFinite(seconds) || seconds < 0) return 1000;
  return Math.min(seconds, MAX_RETRY_AFTER_SECONDS) * 1000;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export async function readBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    throw new ApiError({ status: response.status, code: 'UNREADABLE_RESPONSE', message: 'Failed to read server response' });
  }
}

export function errorFrom(response: Response, text: string): ApiError {
  const fallback = `${response.status}: ${text || response.statusText}`;
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object') {
      const problem = json as Record<string, unknown>;
      const message = typeof problem.message === 'string' && problem.message.trim() ? problem.message : null;
      return new ApiError({
        status: response.status,
        code: typeof problem.code === 'string' ? problem.code : `HTTP_${response.status}`,
        message: message ?? fallback,
        field: typeof problem.field === 'string' ? problem.field : undefined,
        requiresVerification: problem.requiresVerification === true,
        fromServer: message !== null,
        members: problem,
      });
    }
  } catch {
    // Not JSON: the status line says enough.
  }
  return new ApiError({ status: response.status, code: `HTTP_${response.status}`, message: fallback });
}

/**
 * How a request reaches the API: the browser's fetch. The server rendering of the public pages (entry-server.tsx)
 * sets its own, which answers in-process (the query API's handlers) with the visitor's language and cookie.
 */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

export function setApiTransport(next: Transport): void {
  transport = next;
}

export async function send(method: Method, url: string, body: unknown, signal: AbortSignal | undefined, ifMatch?: number): Promise<Response> {
  const hasBody = body !== undefined;
  try {
    return await transport(url, {
      method,
      credentials: 'include',
      headers: buildHeaders(method, hasBody, ifMatch),
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: error instanceof Error ? error.message : 'Network error',
    });
  }
}

/** The one helper every call goes through (specification §7). */
async function apiRequest<T = unknown>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { query, body, signal, ifMatch } = options;
  const loading = typeof options.schema === 'function' ? options.schema() : undefined;
  // Handled here too, so that a request failing first does not leave the schema's download rejected unhandled.
  loading?.catch(() => undefined);
  let response = await send(method, buildUrl(path, query), body, signal, ifMatch);
  recordEventPosition(response.headers.get('X-Event-Position'));

  if (method === 'GET' && response.status === 503) {
    const delay = retryAfterMs(response);
    if (delay !== null) {
      await wait(delay, signal);
      response = await send(method, buildUrl(path, query), body, signal);
      recordEventPosition(response.headers.get('X-Event-Position'));
    }
  }

  const text = await readBody(response);
  if (!response.ok) throw errorFrom(response, text);
  let json: unknown = null;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError({ status: response.status, code: 'INVALID_JSON', message: 'Invalid JSON response' });
    }
  }
  let schema = typeof options.schema === 'function' ? undefined : options.schema;
  if (loading) {
    try {
      schema = await loading;
    } catch (error) {
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : 'Network error' });
    }
  }
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: 'Invalid response from server' });
  }
  return parsed.data;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('POST', path, options),
  patch: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('PATCH', path, options),
  put: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', path, options),
};
