import {
  isTimeZone,
  isUuid,
  localDay,
  promoDiscountToStored,
  promoExpiryError,
  promoLockedChange,
  promoMessages as msg,
  promoUpdateExpiryError,
  type PromoCodeForm,
  type PromoCodeUpdate,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import { findUserById } from '../../platform/users.js';
import type { BillingPort } from '../billing/index.js';
import { promoCsv, type PromoCodeRow } from './presenter.js';
import { PromoCodesRepo, type PromoListQuery } from './repo.js';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

function fieldError(path: string, message: string) {
  return badRequest(message, { errors: [{ path, message }] });
}

/**
 * Promo codes (Part 2 §2 Admin screens, §4 Admin promo code dialog, §5 Promo code form, §9). Codes
 * are unique in uppercase; "today" for an expiry is the admin's own day (their profile's zone).
 * After creation only the description, the expiry, the one-time-use flag and the active flag change.
 */
export class PromoCodesService {
  private readonly repo: PromoCodesRepo;

  constructor(
    private readonly ctx: AppContext,
    /** The card provider, whose coupons follow our codes (Stripe; the local provider has none). */
    private readonly billing?: BillingPort,
  ) {
    this.repo = new PromoCodesRepo(ctx.db);
  }

  /**
   * The card provider's coupon and promotion code follow the saved code. A provider that cannot be
   * reached does not undo the admin's save: the code is synced again at its first use (decision 079).
   */
  private async sync(row: PromoCodeRow): Promise<void> {
    if (!this.billing?.syncPromo) return;
    try {
      const ids = await this.billing.syncPromo(row);
      await this.repo.update(row.id, {
        externalCouponId: ids.couponId,
        externalPromotionId: ids.promotionId,
      });
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'promo code not synced with the card provider');
    }
  }

  /** The admin's local day, by the server's clock in the profile's zone (UTC when it has none). */
  async todayFor(adminId: string): Promise<string> {
    const user = await findUserById(this.ctx.db, adminId);
    return localDay(this.ctx.clock.now(), isTimeZone(user?.timezone) ? user.timezone : 'UTC');
  }

  list(query: PromoListQuery) {
    return this.repo.list(query);
  }

  /** The code by id: an unknown or malformed id is 404. */
  async find(id: string): Promise<PromoCodeRow> {
    const row = isUuid(id) ? await this.repo.find(id) : undefined;
    if (!row) throw notFound(msg.notFound);
    return row;
  }

  /**
   * A new code; `inWrite` runs last in its insert's transaction (an idempotent route records its
   * answer there, decision 104). The card provider hears of it afterwards.
   */
  async create(
    adminId: string,
    input: PromoCodeForm,
    inWrite?: InWrite<PromoCodeRow>,
  ): Promise<PromoCodeRow> {
    const expiryError = promoExpiryError(input.expiresAt, await this.todayFor(adminId));
    if (expiryError) throw fieldError('expiresAt', expiryError);
    const now = this.ctx.clock.now();
    const values = {
      code: input.code,
      discountType: input.discountType,
      discountValue: promoDiscountToStored(input.discountType, input.discount),
      description: input.description,
      maxUses: input.maxUses,
      oneTimeUse: input.oneTimeUse,
      active: input.active,
      duration: input.duration,
      durationInMonths: input.durationInMonths,
      expiresAt: input.expiresAt,
      createdAt: now,
      updatedAt: now,
    };
    let row: PromoCodeRow;
    try {
      row = await this.ctx.db.transaction(async (tx) => {
        const inserted = await this.repo.insert(values, tx);
        await inWrite?.(tx, inserted);
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(msg.duplicate);
      throw error;
    }
    await this.sync(row);
    return row;
  }

  async update(adminId: string, id: string, input: PromoCodeUpdate): Promise<PromoCodeRow> {
    const row = await this.find(id);
    if (promoLockedChange(row, input)) throw badRequest(msg.locked);
    const expiryError = promoUpdateExpiryError(input.expiresAt, row.expiresAt, await this.todayFor(adminId));
    if (expiryError) throw fieldError('expiresAt', expiryError);
    const updated = await this.repo.update(row.id, {
      description: input.description,
      expiresAt: input.expiresAt,
      oneTimeUse: input.oneTimeUse,
      active: input.active,
      updatedAt: this.ctx.clock.now(),
    });
    if (!updated) throw notFound(msg.notFound);
    await this.sync(updated);
    return updated;
  }

  /**
   * Deletes a code nobody has used; the kept answer of its create call (a copy of it) is forgotten.
   * A used code stays (its redemptions keep one-time codes to one use per person): 409, deactivate it.
   */
  async remove(id: string): Promise<PromoCodeRow> {
    const row = await this.find(id);
    if (row.currentUses > 0) throw conflict(msg.usedCannotDelete);
    if (!(await this.repo.delete(row.id))) throw notFound(msg.notFound);
    if (this.billing?.removePromo)
      await this.billing.removePromo(row).catch((error: unknown) => {
        this.ctx.log.warn({ err: error }, 'promo code not removed at the card provider');
      });
    await this.ctx.idempotency.forget(row.id);
    return row;
  }

  /** Every code as a CSV file, and how many rows it holds. */
  async exportCsv(): Promise<{ csv: string; count: number }> {
    const rows = await this.repo.all();
    return { csv: promoCsv(rows), count: rows.length };
  }
}
