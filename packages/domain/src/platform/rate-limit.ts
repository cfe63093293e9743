/** Part 1 §8 / Part 2 §8: how a 429 answer is shown to the user. */
export interface RateLimitToast {
  kind: 'error' | 'warning';
  message: string;
  durationMs: number;
}

export function rateLimitToast(
  body: { blocked?: boolean; burst?: boolean } | null | undefined,
  retryAfterHeader: string | null | undefined,
): RateLimitToast {
  if (body?.blocked) {
    return {
      kind: 'error',
      message: 'Access temporarily blocked due to too many requests. Please wait a few minutes.',
      durationMs: 10_000,
    };
  }
  if (body?.burst) {
    return { kind: 'warning', message: 'Please slow down your requests.', durationMs: 3_000 };
  }
  const parsed = Number.parseInt(retryAfterHeader ?? '', 10);
  const seconds = Number.isFinite(parsed) && parsed > 0 ? parsed : 60;
  return {
    kind: 'warning',
    message: `Rate limit reached. Please wait ${seconds} seconds before trying again.`,
    durationMs: 5_000,
  };
}

/** A console warning is due when 5 or fewer requests remain and fewer than 20 % of the limit. */
export function rateLimitNearlyExhausted(limit: number, remaining: number): boolean {
  if (!Number.isFinite(limit) || !Number.isFinite(remaining) || limit <= 0) return false;
  return remaining <= 5 && remaining < limit * 0.2;
}
