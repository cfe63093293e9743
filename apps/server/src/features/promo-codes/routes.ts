import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  promoCodeSchema,
  promoCodeUpdateSchema,
  promoCsvFileName,
  promoListQuery,
  promoMessages as msg,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { presentPromoCode } from './presenter.js';
import type { PromoCodesService } from './service.js';

const tags = ['promo-codes'];
/** Any text up to the router's longest parameter: a malformed id is 404 like an unknown one. */
const idParams = z.object({ id: z.string().max(200) });

/**
 * Promo Codes Management (Part 2 §2 Admin screens, §7 Admin): admins only. The guard runs in
 * preValidation, so a refusal is audited before any input is read.
 */
export function promoCodeRoutes(ctx: AppContext, service: PromoCodesService): FastifyPluginAsyncZod {
  const admin = { preValidation: ctx.guards.requireRole('admin') };
  const resourceType = 'promo_code';

  return async (app) => {
    app.get('/promo-codes', { ...admin, schema: { tags, querystring: promoListQuery } }, async (request) => {
      const query = request.query;
      const { rows, total } = await service.list(query);
      const all = query.limit === 0;
      const page = all ? 1 : query.page;
      const pages = all ? 1 : Math.max(1, Math.ceil(total / query.limit));
      return {
        success: true,
        promoCodes: rows.map(presentPromoCode),
        total,
        page,
        limit: query.limit,
        pages,
        hasNext: page < pages,
      };
    });

    app.get('/promo-codes/export.csv', { ...admin, schema: { tags } }, async (request, reply) => {
      const { csv, count } = await service.exportCsv();
      await ctx.audit.record({ action: 'PROMO_CODE_EXPORTED', resourceType, metadata: { count } }, request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${promoCsvFileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    });

    app.post(
      '/promo-codes',
      { ...admin, config: { idempotent: true }, schema: { tags, body: promoCodeSchema } },
      async (request, reply) => {
        // the answer is kept with the code, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 201);
        const row = await service.create(caller(request).sub, request.body, (tx, made) =>
          answer.record(tx, { success: true, message: msg.created, promoCode: presentPromoCode(made) }),
        );
        await ctx.audit.record({ action: 'PROMO_CODE_CREATED', resourceType, resourceId: row.id }, request);
        return answer.send();
      },
    );

    app.put(
      '/promo-codes/:id',
      { ...admin, schema: { tags, params: idParams, body: promoCodeUpdateSchema } },
      async (request) => {
        const row = await service.update(caller(request).sub, request.params.id, request.body);
        await ctx.audit.record({ action: 'PROMO_CODE_UPDATED', resourceType, resourceId: row.id }, request);
        return { success: true, message: msg.updated, promoCode: presentPromoCode(row) };
      },
    );

    app.delete('/promo-codes/:id', { ...admin, schema: { tags, params: idParams } }, async (request) => {
      const row = await service.remove(request.params.id);
      await ctx.audit.record({ action: 'PROMO_CODE_DELETED', resourceType, resourceId: row.id }, request);
      return { success: true, message: msg.deleted };
    });
  };
}
