import {
  promoFormDefaults,
  type PromoCodeResponse,
  type PromoDiscountType,
  type PromoDuration,
} from '@mindledger/domain';

/** What the dialog's inputs hold (numbers as typed); the shared schemas read it. */
export interface PromoFormValues {
  code: string;
  discountType: PromoDiscountType;
  discount: string;
  duration: PromoDuration;
  durationInMonths: string;
  maxUses: string;
  description: string;
  expiresAt: string;
  oneTimeUse: boolean;
  active: boolean;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The starting values: the code's own when editing, the defaults of Part 2 §9 when creating. */
export function promoFormValues(promo: PromoCodeResponse | null, today: string): PromoFormValues {
  if (promo)
    return {
      code: promo.code,
      discountType: promo.discountType,
      discount: promo.discountType === 'fixed' ? promo.discount.toFixed(2) : String(promo.discount),
      duration: promo.duration,
      durationInMonths: text(promo.durationInMonths ?? 1),
      maxUses: text(promo.maxUses),
      description: promo.description,
      expiresAt: promo.expiresAt,
      oneTimeUse: promo.oneTimeUse,
      active: promo.active,
    };
  const defaults = promoFormDefaults(today);
  return {
    code: '',
    discountType: defaults.discountType,
    discount: text(defaults.discount),
    duration: defaults.duration,
    durationInMonths: text(defaults.durationInMonths),
    maxUses: text(defaults.maxUses),
    description: '',
    expiresAt: text(defaults.expiresAt),
    oneTimeUse: defaults.oneTimeUse ?? true,
    active: defaults.active ?? true,
  };
}

export const discountTypeOptions = [
  { value: 'percentage', label: 'Percentage (%)' },
  { value: 'fixed', label: 'Fixed amount ($)' },
];

export const durationOptions = [
  { value: 'forever', label: 'Forever' },
  { value: 'once', label: 'Once' },
  { value: 'multipleMonths', label: 'Multiple months' },
];
