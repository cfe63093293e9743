import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generateNotesSummarySchema,
  messages,
  updateCarePlanSchema,
  updateNotesSummarySchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { abortOnDisconnect } from '../../platform/disconnect.js';
import { checkedId } from '../../platform/checked-id.js';
import type { CarePlansService } from './care-plans-service.js';
import type { ProviderSharesService } from './shares-service.js';
import type { NotesSummariesService } from './summaries-service.js';

const tags = ['clinical-documents'];
const idParams = z.object({ id: z.string().max(64) });
const versionParams = z.object({
  id: z.string().max(64),
  version: z.coerce.number().int().min(1).max(100_000),
});
const patientParams = z.object({ patientId: z.string().max(64) });
const patientLimitParams = z.object({
  patientId: z.string().max(64),
  limit: z.coerce.number().int().min(1).max(50),
});
const goalParams = z.object({ id: z.string().max(64), goalId: z.string().max(64) });
const summaryListBody = z.object({
  patientId: z.string({ error: messages.fieldRequired('Patient id') }).max(64),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const generatePlanBody = z.object({
  patientId: z.string({ error: messages.fieldRequired('Patient id') }).max(64),
});

export interface ClinicalDocumentServices {
  summaries: NotesSummariesService;
  carePlans: CarePlansService;
  shares: ProviderSharesService;
}

/** Notes summaries and care plans (`/api/ai`, provider only): docs/API-clinical-documents.md. */
export function clinicalDocumentRoutes(ctx: AppContext, s: ClinicalDocumentServices): FastifyPluginAsyncZod {
  const provider = { preValidation: ctx.guards.requireRole('provider') };
  const patient = { preValidation: ctx.guards.requireRole('patient') };

  return async (app) => {
    app.post(
      '/generate-notes-summary',
      { ...provider, schema: { tags, body: generateNotesSummarySchema } },
      async (request, reply) => ({
        success: true,
        message: 'Notes summary generated.',
        data: await s.summaries.generate(request, caller(request), request.body, abortOnDisconnect(reply)),
      }),
    );

    app.post(
      '/get-patient-notes-summary',
      { ...provider, schema: { tags, body: summaryListBody } },
      async (request) => ({
        success: true,
        data: await s.summaries.list(
          request,
          caller(request),
          checkedId(request.body.patientId),
          request.body.limit,
        ),
      }),
    );

    app.get('/notes-summary/:id', { ...provider, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      data: await s.summaries.get(request, caller(request), checkedId(request.params.id)),
    }));

    app.get(
      '/notes-summary/:id/versions/:version',
      { ...provider, schema: { tags, params: versionParams } },
      async (request) => ({
        success: true,
        data: await s.summaries.get(
          request,
          caller(request),
          checkedId(request.params.id),
          request.params.version,
        ),
      }),
    );

    app.put(
      '/update-patient-notes-summary/:id',
      { ...provider, schema: { tags, params: idParams, body: updateNotesSummarySchema } },
      async (request, reply) => {
        const result = await s.summaries.update(
          request,
          caller(request),
          checkedId(request.params.id),
          request.body,
          abortOnDisconnect(reply),
        );
        return { success: true, message: result.message, data: result.summary };
      },
    );

    app.post(
      '/generate-careplan',
      { ...provider, schema: { tags, body: generatePlanBody } },
      async (request, reply) => ({
        success: true,
        message: 'Care plan draft generated.',
        data: await s.carePlans.generate(
          request,
          caller(request),
          checkedId(request.body.patientId),
          abortOnDisconnect(reply),
        ),
      }),
    );

    app.get(
      '/get-careplan/:patientId',
      { ...provider, schema: { tags, params: patientParams } },
      async (request) => ({
        success: true,
        data: await s.carePlans.list(request, caller(request), checkedId(request.params.patientId), 20),
      }),
    );

    app.get(
      '/get-careplan/:patientId/:limit',
      { ...provider, schema: { tags, params: patientLimitParams } },
      async (request) => ({
        success: true,
        data: await s.carePlans.list(
          request,
          caller(request),
          checkedId(request.params.patientId),
          request.params.limit,
        ),
      }),
    );

    app.get(
      '/get-careplan-by-id/:id',
      { ...provider, schema: { tags, params: idParams } },
      async (request) => ({
        success: true,
        data: await s.carePlans.get(request, caller(request), checkedId(request.params.id)),
      }),
    );

    app.get(
      '/careplan/:id/versions/:version',
      { ...provider, schema: { tags, params: versionParams } },
      async (request) => ({
        success: true,
        data: await s.carePlans.get(
          request,
          caller(request),
          checkedId(request.params.id),
          request.params.version,
        ),
      }),
    );

    app.put(
      '/update-careplan/:id',
      { ...provider, schema: { tags, params: idParams, body: updateCarePlanSchema } },
      async (request, reply) => {
        const result = await s.carePlans.update(
          request,
          caller(request),
          checkedId(request.params.id),
          request.body,
          abortOnDisconnect(reply),
        );
        return { success: true, message: result.message, data: result.carePlan };
      },
    );

    app.get(
      '/careplanItems/:patientId',
      { ...provider, schema: { tags, params: patientParams } },
      async (request) => ({
        success: true,
        data: await s.carePlans.items(request, caller(request), checkedId(request.params.patientId)),
      }),
    );

    app.post(
      '/careplan/:id/goals/:goalId/therapist-goal',
      { ...provider, config: { idempotent: true }, schema: { tags, params: goalParams } },
      async (request, reply) => {
        // the answer is kept with the goal, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 201);
        await s.carePlans.adoptGoal(
          request,
          caller(request),
          checkedId(request.params.id),
          request.params.goalId,
          (tx, goal) =>
            answer.record(tx, {
              success: true,
              message: 'The goal was added to the client’s therapist goals.',
              data: { id: goal.id, text: goal.text },
            }),
        );
        return answer.send();
      },
    );

    app.delete(
      '/provider-share/:id',
      { ...provider, schema: { tags, params: idParams } },
      async (request) => {
        await s.shares.withdraw(request, caller(request), checkedId(request.params.id));
        return { success: true, message: 'Share withdrawn' };
      },
    );

    app.get('/shared-with-me', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      data: await s.shares.sharedWithMe(caller(request).sub),
    }));

    app.get('/shared-with-me/:id', { ...patient, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      data: await s.shares.sharedItem(caller(request), checkedId(request.params.id)),
    }));
  };
}
