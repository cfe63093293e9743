import { errorCodes, type ErrorBody, type ErrorCode } from '@mindledger/domain';

interface ErrorExtra {
  errors?: { path: string; message: string }[];
  blocked?: boolean;
  burst?: boolean;
  /** Seconds for the Retry-After header of a 429. */
  retryAfter?: number;
  /** Extra fields the client may act on (e.g. activationRequired). */
  details?: Record<string, unknown>;
}

/** The one error type of the server; mapped to HTTP by `errorCodes` in app.ts. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorCodes[this.code];
  }

  toBody(): ErrorBody & Record<string, unknown> {
    const body: ErrorBody & Record<string, unknown> = {
      success: false,
      message: this.message,
      code: this.code,
    };
    if (this.extra.errors) body.errors = this.extra.errors;
    if (this.extra.blocked) body.blocked = true;
    if (this.extra.burst) body.burst = true;
    return { ...body, ...this.extra.details };
  }
}

export const badRequest = (message: string, extra?: ErrorExtra) => new AppError('VALIDATION', message, extra);
export const unauthenticated = (message = 'Please log in to continue.') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (
  message = 'You do not have permission to perform this action',
  extra?: ErrorExtra,
) => new AppError('FORBIDDEN', message, extra);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const tooManyRequests = (message: string, extra: ErrorExtra) =>
  new AppError('RATE_LIMITED', message, extra);
