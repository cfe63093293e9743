import { z } from 'zod';
import { parseDateInput } from '../dates/input.js';
import { messages } from '../platform/messages.js';
import { plainText } from '../platform/fields.js';
import { formatCents } from './money.js';

/** Promo codes (Part 2 §3 Promo code, §5 Promo code form, §9 Promo codes). */
export const promoDiscountTypes = ['percentage', 'fixed'] as const;
export type PromoDiscountType = (typeof promoDiscountTypes)[number];
export const promoDurations = ['forever', 'once', 'multipleMonths'] as const;
export type PromoDuration = (typeof promoDurations)[number];

export const promoLimits = {
  percentage: { max: 100, step: 1 },
  fixed: { max: 1000, step: 0.01 },
  months: [1, 24],
  codeLength: 40,
  description: [1, 500],
  /** Highest maximum uses (a bound for the integer column; blank is unlimited). */
  maxUses: 1_000_000,
} as const;

export const promoMessages = {
  codeRequired: 'Code is required',
  codeFormat: 'Code may contain letters and numbers only',
  codeLength: `Code must not exceed ${promoLimits.codeLength} characters`,
  discountTypeRequired: 'Discount type is required',
  discountRequired: 'Discount is required',
  discountMin: 'Discount must be at least 0',
  percentageMax: 'Percentage discount cannot exceed 100',
  percentageStep: 'Percentage discount must be a whole number',
  fixedMax: 'Fixed discount cannot exceed 1000',
  fixedStep: 'Fixed discount can have at most 2 decimals',
  durationRequired: 'Duration is required',
  monthsRequired: 'Number of months is required',
  monthsRange: 'Number of months must be between 1 and 24',
  maxUsesMin: 'Maximum uses must be 0 or more',
  maxUsesWhole: 'Maximum uses must be a whole number',
  maxUsesMax: `Maximum uses cannot exceed ${promoLimits.maxUses.toLocaleString('en-US')}`,
  expiryRequired: 'Expiration date is required',
  expiryPast: 'Expiration date cannot be earlier than today',
  locked: 'Code, discount type, discount, duration, months and max uses cannot be changed after creation',
  duplicate: 'A promo code with this code already exists',
  notFound: 'Promo code not found',
  usedCannotDelete: 'This promo code has been used and cannot be deleted. Make it inactive instead.',
  /** The admin's toasts (Part 2 §8 Promo (admin)): a failure without a server message says failed. */
  created: 'Promo code created successfully',
  updated: 'Promo code updated successfully',
  deleted: 'Promo code deleted successfully',
  failed: 'Something went wrong',
  deleteConfirm: 'Are you sure you want to delete this promo code?',
  /** The plan modal's entry (Part 2 §5 Promo entry on the plan modal). */
  enterCode: 'Please enter a promo code',
  captcha: 'Please complete the captcha verification',
  invalid: 'Invalid promo code',
  applied: 'Promo code applied successfully!',
  validateFailed: 'Failed to validate promo code',
} as const;

/** Why a code cannot be used now: the `message` of an invalid validate-promo answer. */
export const promoRefusals = {
  unknown: 'This promo code does not exist.',
  inactive: 'This promo code is no longer active.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has reached its maximum number of uses.',
  alreadyUsed: 'You have already used this promo code.',
  freePlan: 'Promo codes apply to paid plans only.',
} as const;
export type PromoRefusal = keyof typeof promoRefusals;

/** A code as typed: trimmed and uppercased (the form shows it in uppercase). */
export function normalizePromoCode(value: string): string {
  return value.trim().toUpperCase();
}

const codeField = z
  .string({ error: promoMessages.codeRequired })
  .trim()
  .min(1, { error: promoMessages.codeRequired, abort: true })
  .max(promoLimits.codeLength, promoMessages.codeLength)
  .regex(/^[A-Za-z0-9]+$/, promoMessages.codeFormat)
  .transform((v) => v.toUpperCase());

/** What a number input gives: a number, a numeric string, or blank (nothing: undefined). */
function numberInput(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value.trim());
  return value;
}

const numberField = (required: string) =>
  z.preprocess(numberInput, z.number({ error: required }).finite({ error: required }));

/** Blank maximum uses is unlimited (null). */
const maxUsesField = z.preprocess(
  (v) => numberInput(v) ?? null,
  z
    .number({ error: promoMessages.maxUsesWhole })
    .int(promoMessages.maxUsesWhole)
    .min(0, promoMessages.maxUsesMin)
    .max(promoLimits.maxUses, promoMessages.maxUsesMax)
    .nullable(),
);

/** A day 'YYYY-MM-DD' (an ISO instant's written day counts), read by the one date reader. */
const expiryField = z
  .string({ error: promoMessages.expiryRequired })
  .trim()
  .min(1, { error: promoMessages.expiryRequired, abort: true })
  .max(40, messages.validDate)
  .transform((value, ctx) => {
    const day = parseDateInput(value)?.day;
    if (day) return day;
    ctx.addIssue({ code: 'custom', message: messages.validDate });
    return z.NEVER;
  });

/** The discount bounds by type (Part 2 §5): the first broken rule's message, or null. */
export function promoDiscountError(type: PromoDiscountType, discount: number): string | null {
  if (discount < 0) return promoMessages.discountMin;
  if (type === 'percentage') {
    if (discount > promoLimits.percentage.max) return promoMessages.percentageMax;
    if (!Number.isInteger(discount)) return promoMessages.percentageStep;
    return null;
  }
  if (discount > promoLimits.fixed.max) return promoMessages.fixedMax;
  if (Math.abs(Math.round(discount * 100) - discount * 100) > 1e-6) return promoMessages.fixedStep;
  return null;
}

/** 'not earlier than today': `today` is the admin's local day, from the caller's clock. */
export function promoExpiryError(expiresAt: string, today: string): string | null {
  return expiresAt < today ? promoMessages.expiryPast : null;
}

/** A month count as sent: a number or a numeric string; blank or absent is none. */
const monthsInput = z.union([z.number(), z.string().max(20)], { error: promoMessages.monthsRange }).nullish();

/** Number of months (only for multipleMonths): the first broken rule's message, or null. */
export function promoMonthsError(months: unknown): string | null {
  const value = numberInput(months);
  if (value === undefined) return promoMessages.monthsRequired;
  const [min, max] = promoLimits.months;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return promoMessages.monthsRange;
  return null;
}

/**
 * The rules across fields of the create form, on its values as typed or as parsed: the discount's
 * bounds by type, and the number of months for multipleMonths. A form that has other errors asks
 * this too, so every message shows at once (the schema's own check does not run once a field's
 * rule has aborted it, e.g. a blank code).
 */
export function promoCrossFieldErrors(values: {
  discountType?: unknown;
  discount?: unknown;
  duration?: unknown;
  durationInMonths?: unknown;
}): { path: 'discount' | 'durationInMonths'; message: string }[] {
  const errors: { path: 'discount' | 'durationInMonths'; message: string }[] = [];
  const type = values.discountType;
  const discount = numberInput(values.discount);
  if (
    (promoDiscountTypes as readonly unknown[]).includes(type) &&
    typeof discount === 'number' &&
    Number.isFinite(discount)
  ) {
    const message = promoDiscountError(type as PromoDiscountType, discount);
    if (message) errors.push({ path: 'discount', message });
  }
  if (values.duration === 'multipleMonths') {
    const message = promoMonthsError(values.durationInMonths);
    if (message) errors.push({ path: 'durationInMonths', message });
  }
  return errors;
}

/**
 * The create form (Part 2 §5); the expiry-versus-today rule is checked with the caller's day
 * (`promoExpiryError`, or `promoCreateSchemaFor(today)`). The number of months is read only for
 * multipleMonths (another duration ignores whatever the hidden field holds) and answered as null
 * otherwise.
 */
export const promoCodeSchema = z
  .object({
    code: codeField,
    discountType: z.enum(promoDiscountTypes, { error: promoMessages.discountTypeRequired }),
    discount: numberField(promoMessages.discountRequired),
    duration: z.enum(promoDurations, { error: promoMessages.durationRequired }),
    durationInMonths: monthsInput,
    maxUses: maxUsesField.optional().default(null),
    description: plainText('Description', promoLimits.description),
    expiresAt: expiryField,
    oneTimeUse: z.boolean().default(true),
    active: z.boolean().default(true),
  })
  .superRefine(
    (v, ctx) => {
      for (const { path, message } of promoCrossFieldErrors(v))
        ctx.addIssue({ code: 'custom', path: [path], message });
    },
    // Also after a field failed its type (a missing discount type): the checks read what is there,
    // as long as there is an object to read.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((v) => ({
    ...v,
    durationInMonths: v.duration === 'multipleMonths' ? Number(numberInput(v.durationInMonths)) : null,
  }));
export type PromoCodeInput = z.input<typeof promoCodeSchema>;
export type PromoCodeForm = z.output<typeof promoCodeSchema>;

/** A locked number sent back on edit: absent stays absent (not compared), blank is null. */
const lockedNumber = z
  .union([z.number(), z.string().max(20)], { error: messages.invalidFormat })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const number = numberInput(value);
    if (number === undefined) return null;
    if (typeof number === 'number' && Number.isFinite(number)) return number;
    ctx.addIssue({ code: 'custom', message: messages.invalidFormat });
    return z.NEVER;
  });

/**
 * The edit form (Part 2 §4 Admin promo code dialog): description, expiry, one-time use and active
 * change. The locked fields (code, discount type, discount, duration, months, max uses) may be left
 * out or sent back unchanged; the server compares what is sent (`promoLockedChange`) and refuses a
 * different value with `promoMessages.locked`. The expiry rule applies when the expiry changes
 * (`promoUpdateExpiryError`): an expired code can still be edited (deactivated, described).
 */
export const promoCodeUpdateSchema = z.object({
  code: z.string().max(100).optional(),
  discountType: z.enum(promoDiscountTypes).optional(),
  discount: lockedNumber,
  duration: z.enum(promoDurations).optional(),
  durationInMonths: lockedNumber,
  maxUses: lockedNumber,
  description: plainText('Description', promoLimits.description),
  expiresAt: expiryField,
  oneTimeUse: z.boolean({ error: messages.invalidFormat }),
  active: z.boolean({ error: messages.invalidFormat }),
});
export type PromoCodeUpdateInput = z.input<typeof promoCodeUpdateSchema>;
export type PromoCodeUpdate = z.output<typeof promoCodeUpdateSchema>;

/** The stored amount of a discount: the percent, or cents for a fixed discount given in dollars. */
export function promoDiscountToStored(type: PromoDiscountType, discount: number): number {
  return type === 'fixed' ? Math.round(discount * 100) : discount;
}

/** A stored discount as the API answers it: the percent, or dollars for a fixed discount. */
export function promoDiscountFromStored(type: PromoDiscountType, value: number): number {
  return type === 'fixed' ? value / 100 : value;
}

/** A code as stored, for `promoLockedChange` (discount in its stored form: cents when fixed). */
export interface StoredPromoTerms {
  code: string;
  discountType: PromoDiscountType;
  discountValue: number;
  duration: PromoDuration;
  durationInMonths: number | null;
  maxUses: number | null;
}

/**
 * Whether an edit sends a locked field with a value other than the stored one. Months count only
 * for a multipleMonths code (the other durations have none, whatever the hidden field held).
 */
export function promoLockedChange(stored: StoredPromoTerms, sent: PromoCodeUpdate): boolean {
  if (sent.code !== undefined && normalizePromoCode(sent.code) !== stored.code) return true;
  if (sent.discountType !== undefined && sent.discountType !== stored.discountType) return true;
  if (
    sent.discount !== undefined &&
    (sent.discount === null ||
      promoDiscountToStored(stored.discountType, sent.discount) !== stored.discountValue)
  )
    return true;
  if (sent.duration !== undefined && sent.duration !== stored.duration) return true;
  if (
    stored.duration === 'multipleMonths' &&
    sent.durationInMonths !== undefined &&
    sent.durationInMonths !== stored.durationInMonths
  )
    return true;
  return sent.maxUses !== undefined && sent.maxUses !== stored.maxUses;
}

/** 'not earlier than today' on edit: only a changed expiry is checked against today. */
export function promoUpdateExpiryError(
  expiresAt: string,
  storedExpiry: string,
  today: string,
): string | null {
  return expiresAt === storedExpiry ? null : promoExpiryError(expiresAt, today);
}

/** The create form's schema with the expiry rule against `today` (the admin's local day). */
export function promoCreateSchemaFor(today: string) {
  return promoCodeSchema.superRefine((v, ctx) => {
    const error = promoExpiryError(v.expiresAt, today);
    if (error) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: error });
  });
}

/** The edit form's schema with the expiry rule against `today` when the expiry changes. */
export function promoUpdateSchemaFor(today: string, storedExpiry: string) {
  return promoCodeUpdateSchema.superRefine((v, ctx) => {
    const error = promoUpdateExpiryError(v.expiresAt, storedExpiry, today);
    if (error) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: error });
  });
}

/** The form's defaults (Part 2 §9): percentage 10, forever, one-time use, active, expiry in 30 days. */
export function promoFormDefaults(today: string): PromoCodeInput {
  const expiry = new Date(`${today}T00:00:00Z`);
  expiry.setUTCDate(expiry.getUTCDate() + 30);
  return {
    code: '',
    discountType: 'percentage',
    discount: 10,
    duration: 'forever',
    durationInMonths: 1,
    maxUses: null,
    description: '',
    expiresAt: expiry.toISOString().slice(0, 10),
    oneTimeUse: true,
    active: true,
  };
}

/** A price after a promo: percentage of the price, or a fixed amount in dollars; never below 0. */
export function discountedCents(priceCents: number, type: PromoDiscountType, discount: number): number {
  const off = type === 'percentage' ? Math.round((priceCents * discount) / 100) : Math.round(discount * 100);
  return Math.max(0, priceCents - off);
}

/**
 * Whether a redeemed promo still discounts an invoice for the period starting at `periodStart`
 * (duration once: the first paid invoice only; multipleMonths n: invoices starting within n months
 * of the redemption; forever: all).
 */
export function promoAppliesTo(
  promo: {
    duration: PromoDuration;
    durationInMonths: number | null;
    redeemedAt: Date;
    paidInvoicesSince: number;
  },
  periodStart: Date,
): boolean {
  if (promo.duration === 'forever') return true;
  if (promo.duration === 'once') return promo.paidInvoicesSince === 0;
  const end = new Date(promo.redeemedAt);
  end.setUTCMonth(end.getUTCMonth() + (promo.durationInMonths ?? 1));
  return periodStart < end;
}

/** A discount as the admin table shows it: '10%' or '$12.50' (fixed discounts are in dollars). */
export function formatPromoDiscount(type: PromoDiscountType, discount: number): string {
  return type === 'percentage' ? `${discount}%` : formatCents(Math.round(discount * 100));
}

/** A duration as the admin table shows it: 'Forever', 'Once', '1 month', '3 months'. */
export function promoDurationLabel(duration: PromoDuration, months: number | null): string {
  if (duration === 'forever') return 'Forever';
  if (duration === 'once') return 'Once';
  const n = months ?? 1;
  return `${n} ${n === 1 ? 'month' : 'months'}`;
}

/** Uses against the maximum: '3 / 10', or '3 / ∞' without a maximum. */
export function promoUsageLabel(currentUses: number, maxUses: number | null): string {
  return `${currentUses} / ${maxUses === null ? '∞' : maxUses}`;
}

/** The admin's CSV export (fixed file name); its cells go through `csvCell` (platform/csv.ts). */
export const promoCsvFileName = 'promo-codes.csv';
