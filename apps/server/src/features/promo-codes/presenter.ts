import {
  csvCell,
  promoDiscountFromStored,
  promoDurationLabel,
  type PromoCodeResponse,
} from '@mindledger/domain';
import type { promoCodes } from '../../db/schema/index.js';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A promo code as the admin screens read it (Part 2 §3 Promo code (admin)): no provider ids. */
export function presentPromoCode(row: PromoCodeRow): PromoCodeResponse {
  return {
    _id: row.id,
    id: row.id,
    code: row.code,
    discountType: row.discountType,
    discount: promoDiscountFromStored(row.discountType, row.discountValue),
    description: row.description,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    oneTimeUse: row.oneTimeUse,
    active: row.active,
    duration: row.duration,
    durationInMonths: row.durationInMonths,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The export's columns, in order. */
export const promoCsvHeader = [
  'Code',
  'Discount',
  'Discount Type',
  'Duration',
  'Months',
  'Description',
  'Usage',
  'Max Uses',
  'One Time Use',
  'Expiration',
  'Status',
  'Created',
] as const;

function csvLine(cells: (string | number | boolean | null)[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * The CSV file of every code (RFC 4180: CRLF line ends, quoted cells; each cell through `csvCell`,
 * which neutralises formulas). A byte order mark first, so spreadsheets read it as UTF-8. Fixed
 * discounts are dollars with two decimals, percentages whole numbers; a blank maximum is unlimited.
 */
export function promoCsv(rows: PromoCodeRow[]): string {
  const lines = [csvLine([...promoCsvHeader])];
  for (const row of rows) {
    const discount = promoDiscountFromStored(row.discountType, row.discountValue);
    lines.push(
      csvLine([
        row.code,
        row.discountType === 'fixed' ? discount.toFixed(2) : discount,
        row.discountType === 'fixed' ? 'Fixed' : 'Percentage',
        promoDurationLabel(row.duration, row.durationInMonths),
        row.duration === 'multipleMonths' ? row.durationInMonths : null,
        row.description,
        row.currentUses,
        row.maxUses ?? 'Unlimited',
        row.oneTimeUse ? 'Yes' : 'No',
        row.expiresAt,
        row.active ? 'Active' : 'Inactive',
        row.createdAt.toISOString(),
      ]),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
