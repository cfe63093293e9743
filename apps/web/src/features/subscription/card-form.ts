import { z } from 'zod';
import { localCheckoutPaySchema } from '@mindledger/domain';

/** The card form of the local hosted checkout: the server's schema plus the formats it checks. */
export const cardFormMessages = {
  cardNumber: 'Enter a valid card number',
  expiry: 'Expiry date must be MM/YY.',
  cvc: 'CVC must be 3 or 4 digits.',
} as const;

export const cardFormSchema = localCheckoutPaySchema.superRefine((value, ctx) => {
  const digits = value.cardNumber.replace(/\s/g, '');
  if (value.cardNumber && !/^\d{12,19}$/.test(digits))
    ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: cardFormMessages.cardNumber });
  if (value.expiry && !/^(0[1-9]|1[0-2])\/\d{2}$/.test(value.expiry))
    ctx.addIssue({ code: 'custom', path: ['expiry'], message: cardFormMessages.expiry });
  if (value.cvc && !/^\d{3,4}$/.test(value.cvc))
    ctx.addIssue({ code: 'custom', path: ['cvc'], message: cardFormMessages.cvc });
});

export type CardFormValues = z.input<typeof cardFormSchema>;

/** Digits in groups of four, as a card shows them: '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as it is typed: the slash comes by itself after the month. */
export function formatExpiry(value: string, previous = ''): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit with it.
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return value.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
