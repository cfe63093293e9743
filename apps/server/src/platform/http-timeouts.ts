import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file upload: its body may take HTTP_UPLOAD_TIMEOUT_MS to arrive, not HTTP_BODY_TIMEOUT_MS. */
    upload?: boolean;
  }
}

/** How long a client may take to send a request (milliseconds; README's environment table). */
export interface HttpTimeouts {
  /** The request line and headers. */
  headersMs: number;
  /** The body of an ordinary call. */
  bodyMs: number;
  /** The body of an upload (routes with `config.upload`), and every request whole. */
  uploadMs: number;
}

export const timeoutMessage = 'The request took too long to arrive.';

/**
 * The Fastify server options that bound a request whole: Node answers 408 and closes a connection
 * whose headers have not arrived within `headersMs`, or whose request has not arrived within
 * `uploadMs` (the longest any request may take). Node looks every `connectionsCheckingInterval`.
 */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    clientErrorHandler,
    requestTimeout: timeouts.uploadMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(timeouts.headersMs / 4))),
    },
  };
}

/**
 * What Node's own refusals (headers or a request past its time, malformed or oversized headers)
 * answer, in the API's error body; nothing is written once an answer has begun on the socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', timeoutMessage]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'VALIDATION', 'The request headers are too large.']
        : [400, 'VALIDATION', 'The request could not be understood.'];
  const started = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent;
  if (socket.writable && !started) {
    const body = JSON.stringify({ success: false, code, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function hasBody(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  if (raw.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(raw.headers['content-length']);
  return Number.isFinite(length) && length > 0;
}

interface Pending {
  timer: NodeJS.Timeout;
  /** What the body parser reads (set in preParsing). */
  stream?: PassThrough;
}

const pending = new WeakMap<FastifyRequest, Pending>();

/**
 * The body of an ordinary call must arrive within `bodyMs` of the request's start, on every route
 * (an unknown one, a GET with a body, a call refused before its body is read): otherwise a client
 * announcing more than it sends holds a connection as long as it likes. While the body is being
 * parsed the call answers 408 'The request took too long to arrive.' and the connection closes;
 * once an answer was given (or nothing reads the body), the connection is closed. Uploads are left
 * to the server's whole-request limit (`serverTimeoutOptions`).
 */
export function registerBodyTimeout(app: FastifyInstance, timeouts: HttpTimeouts): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.upload || !hasBody(request.raw)) return done();
    const raw = request.raw;
    const entry: Pending = {
      timer: setTimeout(() => {
        if (raw.complete || raw.destroyed) return;
        if (reply.sent || reply.raw.headersSent || !entry.stream) {
          raw.destroy();
          return;
        }
        const error = Object.assign(new AppError('REQUEST_TIMEOUT', timeoutMessage), { statusCode: 408 });
        entry.stream.destroy(error);
        // Whatever still holds the connection (a parser that was not reading) lets go shortly.
        setTimeout(() => {
          if (!reply.raw.writableFinished) raw.destroy();
        }, 1_000).unref();
      }, timeouts.bodyMs),
    };
    entry.timer.unref();
    const clear = () => clearTimeout(entry.timer);
    raw.once('end', clear);
    raw.once('close', clear);
    pending.set(request, entry);
    done();
  });

  app.addHook('preParsing', (request, _reply, payload, done) => {
    const entry = pending.get(request);
    if (!entry) return done(null, payload);
    if (request.raw.complete) {
      clearTimeout(entry.timer);
      return done(null, payload);
    }
    const stream = new PassThrough();
    // The parser listens for the timeout error; nothing else must find it unhandled.
    stream.on('error', () => undefined);
    payload.pipe(stream);
    entry.stream = stream;
    done(null, stream);
  });
}
