import { z } from 'zod';
import { planIds } from './plans.js';

/** Request bodies of Part 2 §7 Subscription (general) and (patient). */
const planType = z.enum(planIds, { error: 'Please choose a valid plan' });
const promo = z.string().trim().max(100).optional().nullable();
const userId = z.string().max(64).optional().nullable();
/**
 * The solved captcha of the promo entry: needed with every promo code, on every call that takes one
 * (a code is looked up only with it, so no call tells whether a code exists without a solved
 * captcha); the one validate-promo accepted, to redeem that same code.
 */
const captchaToken = z.string().max(4000).optional().nullable();

export const createCheckoutSchema = z.object({
  planType,
  userId,
  isSignup: z.boolean().optional().default(false),
  isUpgrade: z.boolean().optional().default(false),
  isDowngrade: z.boolean().optional().default(false),
  applyFirstTimeTrial: z.boolean().optional().default(true),
  promoCode: promo,
  captchaToken,
});
export type CreateCheckoutRequest = z.input<typeof createCheckoutSchema>;

export const updateSubscriptionSchema = z.object({
  planType,
  updateType: z.enum(['immediate', 'renewal']).optional().default('immediate'),
  reason: z.string().trim().max(100).optional(),
  promoCode: promo,
  captchaToken,
});
export type UpdateSubscriptionRequest = z.input<typeof updateSubscriptionSchema>;

export const cancelSubscriptionSchema = z.object({
  immediate: z.boolean().optional().default(false),
  reason: z.string().trim().max(100).optional(),
});

export const prorationSchema = z.object({ newPlanType: planType });

export const validatePromoSchema = z.object({
  promoCode: z
    .string({ error: 'Please enter a promo code' })
    .trim()
    .min(1, 'Please enter a promo code')
    .max(100),
  planType,
  userId,
  captchaToken: z
    .string({ error: 'Please complete the captcha verification' })
    .min(1, 'Please complete the captcha verification')
    .max(4000),
});
export type ValidatePromoRequest = z.input<typeof validatePromoSchema>;

export const checkoutSessionQuery = z.object({ session_id: z.string().min(1).max(200) });

/** The local provider's hosted checkout: the card form (test cards only, decision 078). */
export const localCheckoutPaySchema = z.object({
  cardNumber: z.string().trim().min(1, 'Card number is required').max(30),
  expiry: z.string().trim().min(1, 'Expiry date is required').max(7),
  cvc: z.string().trim().min(1, 'CVC is required').max(4),
  name: z.string().trim().min(1, 'Name on card is required').max(100),
});

export const subscriptionStatuses = ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const adminSubscriptionsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(subscriptionStatuses).optional(),
  plan: z.enum(planIds).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});

export const adminSubscriptionStatusSchema = z.object({ status: z.enum(subscriptionStatuses) });

export const promoListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  sort: z
    .enum(['code', 'discount', 'duration', 'description', 'currentUses', 'expiresAt', 'active', 'createdAt'])
    .optional()
    .default('createdAt'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Rows per page; 0 is All. */
  limit: z.coerce.number().int().min(0).max(1000).default(10),
});
