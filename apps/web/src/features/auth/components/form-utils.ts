import { z } from 'zod';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { codeMessage, codePattern } from '@mindledger/domain';
import { ApiError } from '../../../api/client';

/** A 6-digit code from an email or an authenticator app. */
export const codeSchema = z.object({
  code: z.string().trim().regex(codePattern, codeMessage),
});
export type CodeInput = z.input<typeof codeSchema>;

/**
 * Puts the server's field errors (400 errors[]) under the matching fields. Returns true when at
 * least one landed on a field, so the caller can skip a duplicate form-level message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || error.errors.length === 0) return false;
  let placed = false;
  for (const item of error.errors) {
    const field = fields.find((name) => item.path === name || item.path.endsWith(`.${name}`));
    if (field) {
      setError(field, { type: 'server', message: item.message });
      placed = true;
    }
  }
  return placed;
}
