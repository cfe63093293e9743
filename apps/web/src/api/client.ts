import { rateLimitNearlyExhausted, rateLimitToast, type ErrorCode } from '@mindledger/domain';
import { showToast } from '../ui/toast';
import { tokenStore } from './token';
import type { SessionResponse } from './types';

/** Base path of every data call (Part 1 §7); paths starting with /api/ are used as they are. */
export const API_BASE = '/api/proxy/v1';

/**
 * Calls that never trigger the refresh-and-retry dance on a 401: the auth flow itself, and the
 * public calls a signed-out page makes (client-config, legal/documents).
 */
const authEndpoints = new Set([
  'login',
  'registration',
  'refresh',
  'logout',
  'verify-2fa',
  'activate-user',
  'resend-otp',
  'reset-user-password',
  'set-password',
  'client-config',
  'legal/documents',
]);

export interface FieldError {
  path: string;
  message: string;
}

/** Every failing call surfaces as one of these. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly errors: FieldError[];
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>, fallbackMessage?: string) {
    const message =
      typeof body.message === 'string' && body.message
        ? body.message
        : (fallbackMessage ?? 'Something went wrong. Please try again later');
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof body.code === 'string' ? (body.code as ErrorCode) : undefined;
    this.errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
    this.body = body;
  }
}

export interface UnauthorizedDetail {
  status: number;
  source: string;
  url: string;
}

export const UNAUTHORIZED_EVENT = 'unauthorized-response';

export interface AuthHandlers {
  /** A 401 could not be cured by a refresh: the session is gone. */
  onSessionExpired?: () => void;
  /** A refresh succeeded; its answer carries the user. */
  onRefreshed?: (response: SessionResponse) => void;
}

let handlers: AuthHandlers = {};

export function setAuthHandlers(next: AuthHandlers): void {
  handlers = next;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Keep the request alive while the page unloads (logout notices). */
  keepalive?: boolean;
  /**
   * A create call: it carries an Idempotency-Key made for this call (one user action), and is sent
   * again with the same key when its answer may have been lost, so it is written once.
   */
  idempotent?: boolean;
  /**
   * A create call whose key the caller keeps across calls (e.g. one per note being written): sent
   * as its Idempotency-Key, with the same retries as `idempotent`.
   */
  idempotencyKey?: string;
  /** 'blob': a successful answer is read as a file (a download), not as JSON. */
  responseType?: 'json' | 'blob';
  /**
   * The plan step of signup (decision 081): sent as X-Signup-Token instead of a session's token; a
   * 401 then means the step expired, so no refresh is tried.
   */
  signupToken?: string;
}

/** Waits before each new attempt of an idempotent call. */
export const idempotentRetryDelaysMs = [400, 1_200, 3_000] as const;

/** A fresh Idempotency-Key (getRandomValues also works on pages that are not a secure context). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The answer may be lost or the first attempt still runs: the same call may safely go again. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 409) return error.code === 'IDEMPOTENCY_IN_PROGRESS';
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

export function resolveUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = path.startsWith('/api/') ? path : `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

function endpointName(path: string): string {
  return path
    .replace(/^\/api\/(proxy\/)?v1\//, '')
    .replace(/^\/+/, '')
    .split('?')[0]!
    .replace(/\/+$/, '');
}

export function isAuthEndpoint(path: string): boolean {
  return authEndpoints.has(endpointName(path));
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function watchRateLimit(response: Response, url: string): void {
  const limit = Number(response.headers.get('x-ratelimit-limit'));
  const remaining = Number(response.headers.get('x-ratelimit-remaining'));
  if (response.headers.has('x-ratelimit-limit') && rateLimitNearlyExhausted(limit, remaining)) {
    console.warn(`Rate limit nearly exhausted for ${url}: ${remaining} of ${limit} requests remaining.`);
  }
}

function showRateLimitToast(body: Record<string, unknown>, retryAfter: string | null): void {
  const { kind, message, durationMs } = rateLimitToast(
    { blocked: body.blocked === true, burst: body.burst === true },
    retryAfter,
  );
  void showToast(kind, message, { durationMs });
}

export const networkErrorMessage = 'Unable to reach the server. Check your connection and try again.';

let refreshInFlight: Promise<string | null> | null = null;

/**
 * When a signed-in call last reached the server (which counts it as activity on the session). The
 * session timers use it to tell the server about activity it would not otherwise see.
 */
let lastContactAt = 0;

export function lastServerContactAt(): number {
  return lastContactAt;
}

/**
 * One silent GET refresh (the refresh cookie) shared by every caller that needs it at the same
 * moment. Resolves to the new access token, or null when the session cannot be renewed.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= (async () => {
    try {
      const url = resolveUrl('refresh');
      const response = await fetch(url, {
        method: 'GET',
        headers: { Accept: 'application/json' },
        credentials: 'include',
        cache: 'no-store',
      });
      watchRateLimit(response, url);
      const body = asRecord(await readBody(response));
      if (!response.ok || typeof body.accessToken !== 'string') return null;
      lastContactAt = Date.now();
      tokenStore.set(body.accessToken);
      handlers.onRefreshed?.(body as unknown as SessionResponse);
      return body.accessToken;
    } catch {
      return null;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

async function send(path: string, options: RequestOptions, retried: boolean): Promise<unknown> {
  const signup = options.signupToken;
  const authCall = isAuthEndpoint(path) || signup !== undefined;
  let token = signup === undefined ? tokenStore.valid() : null;
  // A stored token that has expired counts as absent; renew it first instead of provoking a 401.
  if (!token && !authCall && tokenStore.raw()) token = await refreshAccessToken();

  const url = resolveUrl(path, options.query);
  const headers = new Headers({ Accept: options.responseType === 'blob' ? '*/*' : 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (signup) headers.set('X-Signup-Token', signup);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      cache: 'no-store',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { message: networkErrorMessage });
  }
  watchRateLimit(response, url);
  if (token && !authCall && response.status !== 401) lastContactAt = Date.now();
  if (response.ok && options.responseType === 'blob') return response.blob();
  const payload = await readBody(response);
  if (response.ok) return payload;

  const errorBody = asRecord(payload);
  if (response.status === 401 && !authCall) {
    window.dispatchEvent(
      new CustomEvent<UnauthorizedDetail>(UNAUTHORIZED_EVENT, {
        detail: { status: 401, source: endpointName(path), url },
      }),
    );
    if (!retried && (await refreshAccessToken())) return send(path, options, true);
    handlers.onSessionExpired?.();
  }
  if (response.status === 429) showRateLimitToast(errorBody, response.headers.get('retry-after'));
  throw new ApiError(response.status, errorBody);
}

/** The one typed fetch client of the web app. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (!options.idempotent && !options.idempotencyKey) return (await send(path, options, false)) as T;
  const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await send(path, { ...options, idempotencyKey }, false)) as T;
    } catch (error) {
      const delay = idempotentRetryDelaysMs[attempt];
      if (delay === undefined || !worthRetrying(error) || options.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>(path, { ...options, method: 'DELETE', body }),
};

/** A message fit for a toast, whatever was thrown. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again later',
): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
