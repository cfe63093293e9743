/** Error codes shared by server and web; the server maps each to one HTTP status in one place. */
export const errorCodes = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** The goal limits of Part 1 §5 (the message names the limit: 'Maximum of 5 personal goals reached'). */
  GOAL_LIMIT: 403,
  /** A paid feature without a plan that unlocks it (the message contains "subscription"). */
  SUBSCRIPTION_REQUIRED: 403,
  /** The local checkout's card was refused. */
  CARD_DECLINED: 402,
  NOT_FOUND: 404,
  /** A body (or headers) that did not arrive in time (HTTP_*_TIMEOUT_MS); the connection closes. */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** A share of a document that draws on private entries, without the client's consent (decision 103). */
  PRIVATE_ENTRIES_CONSENT_REQUIRED: 409,
  /** A retry while the first request with its Idempotency-Key still runs. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** The same Idempotency-Key with another request. */
  IDEMPOTENCY_MISMATCH: 422,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** The one error body every failing call answers with. */
export interface ErrorBody {
  success: false;
  message: string;
  code?: ErrorCode;
  errors?: { path: string; message: string }[];
  /** Rate limiting (spec ruling 8). */
  blocked?: boolean;
  burst?: boolean;
}
