import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { goalErrorMessage, goalErrorTexts } from './errors';

const failure = (status: number, message?: string, errors: unknown[] = []) =>
  new ApiError(status, {
    message,
    errors,
    ...(message?.startsWith('Maximum') ? { code: 'GOAL_LIMIT' } : {}),
  });

describe('goalErrorMessage (Part 1 §8)', () => {
  it('shows the server message for a 400 and only logs field details', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(goalErrorMessage(failure(400, 'Text is required', [{ path: 'text', message: 'x' }]))).toBe(
      'Text is required',
    );
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it.each([
    [401, undefined, 'Please log in to manage your goals'],
    [
      403,
      'Maximum of 5 personal goals reached',
      'You have reached the maximum number of goals for this category',
    ],
    [
      403,
      'Only your provider can edit a therapist goal.',
      'You do not have permission to perform this action',
    ],
    [404, 'Goal not found', 'Goal not found'],
    [409, 'dup', 'You already have a goal with this description'],
    [429, 'slow', 'Too many requests. Please wait a moment and try again'],
    [500, 'boom', 'Something went wrong. Please try again later'],
  ])('maps %i (%s) to the spec text', (status, message, text) => {
    expect(goalErrorMessage(failure(status, message))).toBe(text);
  });

  it('maps anything that is not an API error to the generic text', () => {
    expect(goalErrorMessage(new Error('network'))).toBe(goalErrorTexts.other);
  });

  it('tells the limit by its code, not by the wording of the message', () => {
    expect(goalErrorMessage(new ApiError(403, { message: 'Maximum reached', code: 'FORBIDDEN' }))).toBe(
      goalErrorTexts.forbidden,
    );
    expect(goalErrorMessage(new ApiError(403, { message: 'Limit', code: 'GOAL_LIMIT' }))).toBe(
      goalErrorTexts.maximum,
    );
  });
});
