import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignMeasureSchema,
  measureAnswersSchema,
  measureKindSchema,
  measureMessages,
  selfMeasureSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { checkedId } from '../../platform/checked-id.js';
import { questionnaireOf } from './questionnaire.js';
import type { MeasuresService } from './service.js';

const tags = ['measures'];
const idParams = z.object({ id: z.string().max(64) });
const patientParams = z.object({ patientId: z.string().max(64) });
const kindParams = z.object({ kind: measureKindSchema });

/** PHQ-9 and GAD-7 (`/api/v1`): docs/API-measures.md. */
export function measuresRoutes(ctx: AppContext, service: MeasuresService): FastifyPluginAsyncZod {
  const provider = { preValidation: ctx.guards.requireRole('provider') };
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  const either = { preValidation: ctx.guards.requireRole('patient', 'provider') };

  return async (app) => {
    app.get(
      '/measures/questionnaires/:kind',
      { ...either, schema: { tags, params: kindParams } },
      (request) => Promise.resolve({ success: true, data: questionnaireOf(request.params.kind) }),
    );

    app.post(
      '/provider/measures/assign',
      { ...provider, config: { idempotent: true }, schema: { tags, body: assignMeasureSchema } },
      async (request, reply) => {
        // the answer is kept with the write, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.assign(request, caller(request), request.body, (tx, data) =>
          answer.record(tx, { success: true, message: measureMessages.assigned, data }),
        );
        return answer.send();
      },
    );

    app.post(
      '/provider/measures/assignments/:id/stop',
      { ...provider, schema: { tags, params: idParams } },
      async (request) => {
        const data = await service.stop(request, caller(request), checkedId(request.params.id));
        return { success: true, message: measureMessages.stopped, data };
      },
    );

    app.get(
      '/provider/clients/:patientId/measures',
      { ...provider, schema: { tags, params: patientParams } },
      async (request) => {
        const data = await service.ofClient(request, caller(request), checkedId(request.params.patientId));
        return { success: true, data };
      },
    );

    app.get('/measures', { ...patient, schema: { tags } }, async (request) => {
      const data = await service.mine(caller(request));
      return { success: true, data };
    });

    app.post(
      '/measures/assignments/:id/responses',
      {
        ...patient,
        config: { idempotent: true },
        schema: { tags, params: idParams, body: measureAnswersSchema },
      },
      async (request, reply) => {
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.complete(
          request,
          caller(request),
          checkedId(request.params.id),
          request.body.answers,
          (tx, data) => answer.record(tx, { success: true, message: measureMessages.completed, data }),
        );
        return answer.send();
      },
    );

    app.post(
      '/measures/responses',
      { ...patient, config: { idempotent: true }, schema: { tags, body: selfMeasureSchema } },
      async (request, reply) => {
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.selfTake(caller(request), request.body.kind, request.body.answers, (tx, data) =>
          answer.record(tx, { success: true, message: measureMessages.completed, data }),
        );
        return answer.send();
      },
    );
  };
}
