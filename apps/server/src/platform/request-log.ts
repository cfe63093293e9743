/**
 * What the request log says of a request. Never its concrete path: ids in paths name whose data was
 * read, and some are secrets themselves (a checkout session id pays for a subscription, a link token
 * opens a page). So a request that matched a route is logged by the route's pattern
 * (`/api/v1/subscription/local-checkout/:id/pay`); one that matched none (a page of the web app, an
 * unknown call) by its path with every segment that could be an id masked (`/provider/:/notes`).
 * Never the query string either: it may hold search terms from private entries.
 */

/** A segment kept as it is: a word (letters, `-`, `_`, `.`) of at most 24 characters, or `v1`-like. */
const wordSegment = /^(?:[A-Za-z][A-Za-z._-]{0,23}|v\d{1,2})$/;

/** The path without its query, every segment that is not a plain word replaced by `:`. */
export function maskedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path
    .split('/')
    .map((segment) => (segment === '' || wordSegment.test(segment) ? segment : ':'))
    .join('/');
}

interface LoggableRequest {
  id?: unknown;
  method?: string;
  url?: string;
  routeOptions?: { url?: string | undefined };
}

/** The `req` of a log line: the id, the method and the route's pattern (or the masked path). */
export function serializeRequest(req: LoggableRequest): { id: unknown; method?: string; url: string } {
  const pattern = req.routeOptions?.url;
  const url = typeof pattern === 'string' && pattern !== '' ? pattern : maskedPath(String(req.url ?? ''));
  return { id: req.id, method: req.method, url };
}
