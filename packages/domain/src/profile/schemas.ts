import { z } from 'zod';
import { isValidPhone, nameText } from '../platform/fields.js';
import { messages } from '../platform/messages.js';
import { isValidTimezone } from './timezones.js';

export const updateUserInfoSchema = z.object({
  firstName: nameText('First name'),
  lastName: nameText('Last name'),
  timezone: z
    .string({ error: () => messages.fieldRequired('Time zone') })
    .refine(isValidTimezone, 'Choose a valid time zone'),
  phone: z
    .string()
    .trim()
    .max(30, messages.maxChars(30))
    .optional()
    .refine((v) => !v || isValidPhone(v), 'Phone number must have at least 10 digits'),
});
export type UpdateUserInfoInput = z.input<typeof updateUserInfoSchema>;
