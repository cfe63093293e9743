import type {
  CurrentSubscriptionResponse,
  InvoiceResponse,
  PlanId,
  PlanResponse,
  ProrationResponse,
  PromoResultResponse,
} from '@mindledger/domain';
import { api } from '../../api/client';

/** The subscription calls of the client (Part 2 §7 Subscription (general); decision 078). */

export interface PlansResponse {
  success: boolean;
  plans: PlanResponse[];
}

export interface InvoicesResponse {
  success: boolean;
  invoices: InvoiceResponse[];
}

export interface MessageAnswer {
  success: boolean;
  message?: string;
}

/** create-checkout answers with a hosted-checkout url, a redirect or a message (Part 2 §7). */
export interface CheckoutAnswer extends MessageAnswer {
  url?: string;
  redirect?: string;
  sessionId?: string;
}

export interface CheckoutConfirmation extends MessageAnswer {
  isUpgrade: boolean;
  isDowngrade: boolean;
}

export interface UpdateAnswer extends MessageAnswer {
  isUpgrade?: boolean;
  isDowngrade?: boolean;
}

/**
 * A promo code applied on the plan modal and the solved captcha validate-promo accepted for it: the
 * server looks a code up only with that captcha, so the checkout or upgrade carries both.
 */
export interface PromoChoice {
  code: string;
  captchaToken: string;
}

/** A promo code applied on the plan modal: validate-promo's answer and the captcha it accepted. */
export type AppliedPromo = PromoResultResponse & { captchaToken: string };

export interface CreateCheckoutBody {
  planType: PlanId;
  userId: string;
  isSignup: boolean;
  isUpgrade: boolean;
  isDowngrade: boolean;
  applyFirstTimeTrial: boolean;
  promoCode: string | null;
  /** Sent with a promo code only. */
  captchaToken?: string;
}

export interface UpdateBody {
  planType: PlanId;
  updateType: 'immediate' | 'renewal';
  reason: string;
  promoCode: string | null;
  /** Sent with a promo code only. */
  captchaToken?: string;
}

/** The promo fields of a checkout or upgrade body: the code, and its captcha when there is one. */
export function promoFields(promo: PromoChoice | null): { promoCode: string | null; captchaToken?: string } {
  return promo ? { promoCode: promo.code, captchaToken: promo.captchaToken } : { promoCode: null };
}

export interface ValidatePromoBody {
  promoCode: string;
  planType: PlanId;
  userId: string;
  captchaToken: string;
}

/** The local provider's hosted checkout session (the page /checkout/{id}). */
export interface LocalCheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  plan: PlanResponse;
  withTrial: boolean;
  promoCode: string | null;
  expiresAt: string;
  cancelUrl: string;
}

export interface CardBody {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: () => ['subscription', 'plans'] as const,
  current: () => ['subscription', 'current'] as const,
  invoices: () => ['subscription', 'invoices'] as const,
  checkout: (id: string) => ['subscription', 'checkout', id] as const,
};

const checkoutPath = (id: string) => `subscription/local-checkout/${encodeURIComponent(id)}`;

export const subscriptionApi = {
  plans: (signal?: AbortSignal) => api.get<PlansResponse>('subscription/plans', { signal }),
  current: (signal?: AbortSignal) => api.get<CurrentSubscriptionResponse>('subscription/current', { signal }),
  invoices: (signal?: AbortSignal) => api.get<InvoicesResponse>('subscription/invoices', { signal }),
  createCheckout: (body: CreateCheckoutBody) =>
    api.post<CheckoutAnswer>('subscription/create-checkout', body, { idempotent: true }),
  confirmCheckout: (sessionId: string) =>
    api.get<CheckoutConfirmation>('subscription/checkout/success', { query: { session_id: sessionId } }),
  update: (body: UpdateBody) => api.put<UpdateAnswer>('subscription/update', body),
  cancel: () => api.post<MessageAnswer>('subscription/cancel', { immediate: false, reason: 'user_request' }),
  resume: () => api.post<MessageAnswer>('subscription/resume'),
  cancelScheduled: () => api.delete<MessageAnswer>('subscription/scheduled'),
  proration: (newPlanType: PlanId) =>
    api.post<ProrationResponse>('subscription/calculate-proration', { newPlanType }),
  captcha: () => api.get<unknown>('subscription/captcha'),
  validatePromo: (body: ValidatePromoBody) =>
    api.post<PromoResultResponse>('subscription/validate-promo', body),
  portal: () => api.post<{ success: boolean; url: string }>('subscription/portal'),
  localCheckout: (id: string, signal?: AbortSignal, signupToken?: string) =>
    api.get<{ success: boolean; session: LocalCheckoutSession }>(checkoutPath(id), { signal, signupToken }),
  pay: (id: string, card: CardBody, signupToken?: string) =>
    api.post<{ success: boolean; redirect: string }>(`${checkoutPath(id)}/pay`, card, { signupToken }),
  /** The plan step of signup (decision 081), with the token activation answered. */
  signupCheckout: (planType: PlanId, signupToken: string) =>
    api.post<CheckoutAnswer>(
      'subscription/signup-checkout',
      { planType, isSignup: true, applyFirstTimeTrial: true },
      { signupToken },
    ),
  confirmSignupCheckout: (sessionId: string, signupToken: string) =>
    api.get<CheckoutConfirmation & { redirect?: string }>('subscription/signup-checkout/success', {
      query: { session_id: sessionId },
      signupToken,
    }),
};
