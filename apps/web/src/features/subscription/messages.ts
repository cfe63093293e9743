import { ApiError } from '../../api/client';
import { toast } from '../../ui/toast';

/** The support contact of the activation-error screen (Part 2 §8 'a support contact ({email})'). */
export const supportEmail = 'support@mindledger.local';

/**
 * The text of a failed call (Part 2 §8: 'The server message is preferred where present'), or the
 * spec's fallback. A 429 answers null: the fetch client has already shown its rate-limit toast.
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.status === 429) return null;
    const message = error.body.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/** Toasts a failed call with the server's message or the fallback. */
export function toastFailure(error: unknown, fallback: string): void {
  const message = failureMessage(error, fallback);
  if (message) toast.error(message);
}

/** The server's message of a successful answer, or the fallback. */
export function answerMessage(answer: { message?: string } | null | undefined, fallback: string): string {
  return typeof answer?.message === 'string' && answer.message.trim() ? answer.message : fallback;
}
