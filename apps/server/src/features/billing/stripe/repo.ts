import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { promoCodes } from '../../../db/schema/index.js';

/** The coupon and promotion code a promo code was synced to (a first use at checkout syncs it). */
export async function storePromoIds(
  tx: Tx,
  promoId: string,
  ids: { couponId: string; promotionId: string },
): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ externalCouponId: ids.couponId, externalPromotionId: ids.promotionId })
    .where(eq(promoCodes.id, promoId));
}
