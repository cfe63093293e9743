import { describe, expect, it } from 'vitest';
import { formatBillingDate } from './money.js';
import {
  formatPromoDiscount,
  normalizePromoCode,
  promoCodeSchema,
  promoCodeUpdateSchema,
  promoCreateSchemaFor,
  promoCrossFieldErrors,
  promoDiscountError,
  promoDiscountFromStored,
  promoDiscountToStored,
  promoDurationLabel,
  promoExpiryError,
  promoFormDefaults,
  promoLockedChange,
  promoMessages,
  promoMonthsError,
  promoUpdateExpiryError,
  promoUpdateSchemaFor,
  promoUsageLabel,
  type StoredPromoTerms,
} from './promo.js';

const valid = {
  code: 'spring25',
  discountType: 'percentage',
  discount: 25,
  duration: 'forever',
  description: 'Spring offer',
  expiresAt: '2030-01-31',
};

/** The messages of a failed parse, by field path. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('promoCodeSchema (Part 2 §5 Promo code form)', () => {
  it('accepts a valid code, uppercased and trimmed, with the defaults filled in', () => {
    const parsed = promoCodeSchema.parse({ ...valid, code: '  spring25 ' });
    expect(parsed).toEqual({
      code: 'SPRING25',
      discountType: 'percentage',
      discount: 25,
      duration: 'forever',
      durationInMonths: null,
      maxUses: null,
      description: 'Spring offer',
      expiresAt: '2030-01-31',
      oneTimeUse: true,
      active: true,
    });
  });

  it('code: required, letters and numbers only (no spaces), at most 40', () => {
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, code: '' }))).toContain(
      `code: ${promoMessages.codeRequired}`,
    );
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, code: '   ' }))).toContain(
      `code: ${promoMessages.codeRequired}`,
    );
    const { code: _code, ...withoutCode } = valid;
    expect(messagesOf(promoCodeSchema.safeParse(withoutCode))).toContain(
      `code: ${promoMessages.codeRequired}`,
    );
    for (const code of ['SPRING 25', 'SPRING-25', 'ÉTÉ25', 'A_B', 'X!'])
      expect(messagesOf(promoCodeSchema.safeParse({ ...valid, code }))).toContain(
        `code: ${promoMessages.codeFormat}`,
      );
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, code: 'A'.repeat(41) }))).toContain(
      `code: ${promoMessages.codeLength}`,
    );
    expect(promoCodeSchema.parse({ ...valid, code: 'a'.repeat(40) }).code).toBe('A'.repeat(40));
  });

  it('discount type and duration: required, from their lists', () => {
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, discountType: undefined }))).toContain(
      `discountType: ${promoMessages.discountTypeRequired}`,
    );
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, discountType: 'bogus' }))).toContain(
      `discountType: ${promoMessages.discountTypeRequired}`,
    );
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, duration: '' }))).toContain(
      `duration: ${promoMessages.durationRequired}`,
    );
  });

  it('discount: required; blank, whitespace or text is required', () => {
    for (const discount of [undefined, null, '', '  ', 'ten'])
      expect(messagesOf(promoCodeSchema.safeParse({ ...valid, discount })), String(discount)).toContain(
        `discount: ${promoMessages.discountRequired}`,
      );
    expect(promoCodeSchema.parse({ ...valid, discount: ' 15 ' }).discount).toBe(15);
  });

  it('percentage: 0 to 100 in whole numbers', () => {
    expect(promoCodeSchema.parse({ ...valid, discount: 0 }).discount).toBe(0);
    expect(promoCodeSchema.parse({ ...valid, discount: 100 }).discount).toBe(100);
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, discount: -1 }))).toEqual([
      `discount: ${promoMessages.discountMin}`,
    ]);
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, discount: 101 }))).toEqual([
      `discount: ${promoMessages.percentageMax}`,
    ]);
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, discount: 12.5 }))).toEqual([
      `discount: ${promoMessages.percentageStep}`,
    ]);
  });

  it('fixed: 0 to 1000 with cents', () => {
    const fixed = { ...valid, discountType: 'fixed' };
    expect(promoCodeSchema.parse({ ...fixed, discount: '12.50' }).discount).toBe(12.5);
    expect(promoCodeSchema.parse({ ...fixed, discount: 1000 }).discount).toBe(1000);
    expect(promoCodeSchema.parse({ ...fixed, discount: 0.07 }).discount).toBe(0.07);
    expect(messagesOf(promoCodeSchema.safeParse({ ...fixed, discount: 1000.01 }))).toEqual([
      `discount: ${promoMessages.fixedMax}`,
    ]);
    expect(messagesOf(promoCodeSchema.safeParse({ ...fixed, discount: 12.345 }))).toEqual([
      `discount: ${promoMessages.fixedStep}`,
    ]);
    expect(messagesOf(promoCodeSchema.safeParse({ ...fixed, discount: -0.01 }))).toEqual([
      `discount: ${promoMessages.discountMin}`,
    ]);
  });

  it('months: only for multipleMonths, required, 1 to 24 whole months', () => {
    const months = { ...valid, duration: 'multipleMonths' };
    expect(promoCodeSchema.parse({ ...months, durationInMonths: '3' }).durationInMonths).toBe(3);
    expect(promoCodeSchema.parse({ ...months, durationInMonths: 1 }).durationInMonths).toBe(1);
    expect(promoCodeSchema.parse({ ...months, durationInMonths: 24 }).durationInMonths).toBe(24);
    for (const durationInMonths of [undefined, null, '', ' '])
      expect(messagesOf(promoCodeSchema.safeParse({ ...months, durationInMonths }))).toEqual([
        `durationInMonths: ${promoMessages.monthsRequired}`,
      ]);
    for (const durationInMonths of [0, 25, 2.5, '-1', 'x'])
      expect(messagesOf(promoCodeSchema.safeParse({ ...months, durationInMonths }))).toEqual([
        `durationInMonths: ${promoMessages.monthsRange}`,
      ]);
  });

  it('months: ignored (null) for forever and once, whatever the hidden field holds', () => {
    for (const duration of ['forever', 'once'])
      for (const durationInMonths of [undefined, '', 3, 99, 'x'])
        expect(promoCodeSchema.parse({ ...valid, duration, durationInMonths }).durationInMonths).toBeNull();
  });

  it('maximum uses: 0 or more, blank is unlimited', () => {
    for (const maxUses of [undefined, null, '', '  '])
      expect(promoCodeSchema.parse({ ...valid, maxUses }).maxUses).toBeNull();
    expect(promoCodeSchema.parse({ ...valid, maxUses: 0 }).maxUses).toBe(0);
    expect(promoCodeSchema.parse({ ...valid, maxUses: '10' }).maxUses).toBe(10);
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, maxUses: -1 }))).toEqual([
      `maxUses: ${promoMessages.maxUsesMin}`,
    ]);
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, maxUses: 1.5 }))).toEqual([
      `maxUses: ${promoMessages.maxUsesWhole}`,
    ]);
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, maxUses: 1_000_001 }))).toEqual([
      `maxUses: ${promoMessages.maxUsesMax}`,
    ]);
  });

  it('description: required, sanitised, at most 500', () => {
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, description: ' ' }))).toEqual([
      'description: Description is required',
    ]);
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, description: '<b></b>' }))).toEqual([
      'description: Description is required',
    ]);
    expect(
      promoCodeSchema.parse({ ...valid, description: 'Half <script>x</script>off' }).description,
    ).not.toContain('<script>');
    expect(messagesOf(promoCodeSchema.safeParse({ ...valid, description: 'x'.repeat(501) }))).toHaveLength(1);
    expect(promoCodeSchema.parse({ ...valid, description: 'a, "b"\n=c' }).description).toContain('"b"');
  });

  it('expiration date: required, a real day; an ISO instant counts by its written day', () => {
    for (const expiresAt of [undefined, '', '  '])
      expect(messagesOf(promoCodeSchema.safeParse({ ...valid, expiresAt }))).toEqual([
        `expiresAt: ${promoMessages.expiryRequired}`,
      ]);
    for (const expiresAt of ['2030-02-30', 'tomorrow', '2030-01-31garbage', '9999-01-01'])
      expect(messagesOf(promoCodeSchema.safeParse({ ...valid, expiresAt }))).toEqual([
        'expiresAt: Must be a valid date',
      ]);
    expect(promoCodeSchema.parse({ ...valid, expiresAt: '2030-01-31T23:00:00Z' }).expiresAt).toBe(
      '2030-01-31',
    );
  });

  it('checks the discount and months beside the other fields, and on raw form values', () => {
    const messages = messagesOf(
      promoCodeSchema.safeParse({
        code: 'has space',
        discountType: 'percentage',
        discount: 150,
        duration: 'multipleMonths',
        durationInMonths: '',
        description: 'x',
        expiresAt: '2030-01-31',
      }),
    );
    expect(messages.sort()).toEqual(
      [
        `code: ${promoMessages.codeFormat}`,
        `discount: ${promoMessages.percentageMax}`,
        `durationInMonths: ${promoMessages.monthsRequired}`,
      ].sort(),
    );
    expect(
      promoCrossFieldErrors({
        discountType: 'fixed',
        discount: '12.345',
        duration: 'multipleMonths',
        durationInMonths: '30',
      }),
    ).toEqual([
      { path: 'discount', message: promoMessages.fixedStep },
      { path: 'durationInMonths', message: promoMessages.monthsRange },
    ]);
    expect(
      promoCrossFieldErrors({
        discountType: 'percentage',
        discount: '',
        duration: 'once',
        durationInMonths: '',
      }),
    ).toEqual([]);
    expect(promoCrossFieldErrors({ discountType: 'bogus', discount: 5000 })).toEqual([]);
    // A missing discount type stops nothing else; a body that is no object is refused plainly.
    expect(
      messagesOf(promoCodeSchema.safeParse({ ...valid, discountType: undefined, discount: -1 })),
    ).toEqual([`discountType: ${promoMessages.discountTypeRequired}`]);
    for (const input of [undefined, null, 'text', 42, []])
      expect(promoCodeSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it('promoCreateSchemaFor(today): not earlier than today', () => {
    const schema = promoCreateSchemaFor('2030-01-31');
    expect(schema.parse(valid).expiresAt).toBe('2030-01-31');
    expect(messagesOf(schema.safeParse({ ...valid, expiresAt: '2030-01-30' }))).toEqual([
      `expiresAt: ${promoMessages.expiryPast}`,
    ]);
  });
});

describe('promo rules as functions', () => {
  it('promoDiscountError by type', () => {
    expect(promoDiscountError('percentage', 10)).toBeNull();
    expect(promoDiscountError('percentage', -1)).toBe(promoMessages.discountMin);
    expect(promoDiscountError('percentage', 100.5)).toBe(promoMessages.percentageMax);
    expect(promoDiscountError('percentage', 99.5)).toBe(promoMessages.percentageStep);
    expect(promoDiscountError('fixed', 999.99)).toBeNull();
    expect(promoDiscountError('fixed', 0.1 + 0.2)).toBeNull();
    expect(promoDiscountError('fixed', 1001)).toBe(promoMessages.fixedMax);
    expect(promoDiscountError('fixed', 0.001)).toBe(promoMessages.fixedStep);
  });

  it('promoMonthsError', () => {
    expect(promoMonthsError(1)).toBeNull();
    expect(promoMonthsError('24')).toBeNull();
    expect(promoMonthsError('')).toBe(promoMessages.monthsRequired);
    expect(promoMonthsError(null)).toBe(promoMessages.monthsRequired);
    expect(promoMonthsError(25)).toBe(promoMessages.monthsRange);
    expect(promoMonthsError(true)).toBe(promoMessages.monthsRange);
  });

  it('promoExpiryError and promoUpdateExpiryError: today passes, yesterday does not; an unchanged expiry is kept', () => {
    expect(promoExpiryError('2030-01-31', '2030-01-31')).toBeNull();
    expect(promoExpiryError('2030-01-30', '2030-01-31')).toBe(promoMessages.expiryPast);
    expect(promoUpdateExpiryError('2020-01-01', '2020-01-01', '2030-01-31')).toBeNull();
    expect(promoUpdateExpiryError('2020-01-02', '2020-01-01', '2030-01-31')).toBe(promoMessages.expiryPast);
    expect(promoUpdateExpiryError('2030-02-01', '2020-01-01', '2030-01-31')).toBeNull();
  });

  it('promoFormDefaults: percentage 10, forever, 1 month, one-time use, active, expiry in 30 days', () => {
    expect(promoFormDefaults('2030-01-15')).toEqual({
      code: '',
      discountType: 'percentage',
      discount: 10,
      duration: 'forever',
      durationInMonths: 1,
      maxUses: null,
      description: '',
      expiresAt: '2030-02-14',
      oneTimeUse: true,
      active: true,
    });
    expect(promoFormDefaults('2030-12-15').expiresAt).toBe('2031-01-14');
  });

  it('normalizePromoCode trims and uppercases', () => {
    expect(normalizePromoCode('  save10 ')).toBe('SAVE10');
  });

  it('stored discounts: cents for fixed, the percent otherwise', () => {
    expect(promoDiscountToStored('fixed', 12.5)).toBe(1250);
    expect(promoDiscountToStored('fixed', 0.29)).toBe(29);
    expect(promoDiscountToStored('percentage', 15)).toBe(15);
    expect(promoDiscountFromStored('fixed', 1250)).toBe(12.5);
    expect(promoDiscountFromStored('percentage', 15)).toBe(15);
  });

  it('labels of the admin table', () => {
    expect(formatPromoDiscount('percentage', 10)).toBe('10%');
    expect(formatPromoDiscount('fixed', 12.5)).toBe('$12.50');
    expect(formatPromoDiscount('fixed', 1000)).toBe('$1,000.00');
    expect(promoDurationLabel('forever', null)).toBe('Forever');
    expect(promoDurationLabel('once', null)).toBe('Once');
    expect(promoDurationLabel('multipleMonths', 1)).toBe('1 month');
    expect(promoDurationLabel('multipleMonths', 3)).toBe('3 months');
    expect(promoUsageLabel(3, 10)).toBe('3 / 10');
    expect(promoUsageLabel(3, null)).toBe('3 / ∞');
  });

  it('expiration: N/A when empty, Invalid date when unreadable, the calendar day in every zone', () => {
    expect(formatBillingDate('')).toBe('N/A');
    expect(formatBillingDate(null)).toBe('N/A');
    expect(formatBillingDate(undefined)).toBe('N/A');
    expect(formatBillingDate('not a date')).toBe('Invalid date');
    expect(formatBillingDate('2030-02-30')).toBe('Invalid date');
    // CI runs the unit tests again in America/Los_Angeles: the day must not move back.
    expect(formatBillingDate('2030-01-31')).toBe('Jan 31, 2030');
    expect(formatBillingDate('2030-01-01')).toBe('Jan 1, 2030');
  });
});

describe('edits (Part 2 §4 Admin promo code dialog)', () => {
  const stored: StoredPromoTerms = {
    code: 'SAVE10',
    discountType: 'fixed',
    discountValue: 1250,
    duration: 'once',
    durationInMonths: null,
    maxUses: 10,
  };
  const edit = { description: 'New words', expiresAt: '2030-01-31', oneTimeUse: false, active: false };

  it('takes the editable fields alone, or with the locked ones sent back unchanged', () => {
    const alone = promoCodeUpdateSchema.parse(edit);
    expect(promoLockedChange(stored, alone)).toBe(false);
    const echoed = promoCodeUpdateSchema.parse({
      ...edit,
      code: 'save10',
      discountType: 'fixed',
      discount: '12.50',
      duration: 'once',
      durationInMonths: '',
      maxUses: '10',
    });
    expect(promoLockedChange(stored, echoed)).toBe(false);
    // months mean nothing for a code that is not multipleMonths
    expect(promoLockedChange(stored, promoCodeUpdateSchema.parse({ ...edit, durationInMonths: 3 }))).toBe(
      false,
    );
  });

  it('sees a different value in any locked field', () => {
    const changes = [
      { code: 'SAVE11' },
      { discountType: 'percentage' },
      { discount: 12.51 },
      { discount: '' },
      { duration: 'forever' },
      { maxUses: 11 },
      { maxUses: '' },
    ];
    for (const change of changes)
      expect(
        promoLockedChange(stored, promoCodeUpdateSchema.parse({ ...edit, ...change })),
        JSON.stringify(change),
      ).toBe(true);
    const months: StoredPromoTerms = { ...stored, duration: 'multipleMonths', durationInMonths: 3 };
    expect(promoLockedChange(months, promoCodeUpdateSchema.parse({ ...edit, durationInMonths: '3' }))).toBe(
      false,
    );
    expect(promoLockedChange(months, promoCodeUpdateSchema.parse({ ...edit, durationInMonths: 4 }))).toBe(
      true,
    );
  });

  it('requires the editable fields with their messages', () => {
    expect(messagesOf(promoCodeUpdateSchema.safeParse({ ...edit, description: '' }))).toEqual([
      'description: Description is required',
    ]);
    expect(messagesOf(promoCodeUpdateSchema.safeParse({ ...edit, expiresAt: '' }))).toEqual([
      `expiresAt: ${promoMessages.expiryRequired}`,
    ]);
    expect(messagesOf(promoCodeUpdateSchema.safeParse({ ...edit, discount: 'ten' }))).toEqual([
      'discount: Invalid format',
    ]);
  });

  it('promoUpdateSchemaFor: a changed expiry is not earlier than today, an unchanged one is kept', () => {
    const schema = promoUpdateSchemaFor('2030-01-31', '2029-12-31');
    expect(schema.parse({ ...edit, expiresAt: '2029-12-31' }).expiresAt).toBe('2029-12-31');
    expect(messagesOf(schema.safeParse({ ...edit, expiresAt: '2030-01-30' }))).toEqual([
      `expiresAt: ${promoMessages.expiryPast}`,
    ]);
  });
});
