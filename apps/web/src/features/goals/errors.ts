import { ApiError } from '../../api/client';

/** Goal error toasts by status, exactly as Part 1 §8 words them. */
export const goalErrorTexts = {
  unauthorized: 'Please log in to manage your goals',
  maximum: 'You have reached the maximum number of goals for this category',
  forbidden: 'You do not have permission to perform this action',
  notFound: 'Goal not found',
  duplicate: 'You already have a goal with this description',
  tooMany: 'Too many requests. Please wait a moment and try again',
  other: 'Something went wrong. Please try again later',
} as const;

/**
 * The toast text for a failed goal call: 400 shows the server's message (field details are only
 * logged), the other statuses map to the spec's fixed texts.
 */
export function goalErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return goalErrorTexts.other;
  switch (error.status) {
    case 400:
      if (error.errors.length > 0) console.warn('Goal validation failed', error.errors);
      return error.message || goalErrorTexts.other;
    case 401:
      return goalErrorTexts.unauthorized;
    case 403:
      return error.code === 'GOAL_LIMIT' ? goalErrorTexts.maximum : goalErrorTexts.forbidden;
    case 404:
      return goalErrorTexts.notFound;
    case 409:
      return goalErrorTexts.duplicate;
    case 429:
      return goalErrorTexts.tooMany;
    default:
      return goalErrorTexts.other;
  }
}
