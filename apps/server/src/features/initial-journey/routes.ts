import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages, summaryTableNameValues, type SummaryTableName } from '@mindledger/domain';
import type { ProviderSharesService } from '../clinical-documents/index.js';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import type { JourneyKind } from './repo.js';
import {
  conversationQuery,
  dataBody,
  idParams,
  journeyTurnBody,
  patientBody,
  patientLimitParams,
  patientParams,
  profileBody,
  shareBody,
} from './schemas.js';
import { journeyMessages, type InitialJourneyService } from './service.js';
import { abortOnDisconnect } from '../../platform/disconnect.js';

const tags = ['initial-journey'];
import { checkedId } from '../../platform/checked-id.js';

/** The AI service calls (`/api/ai`, also `/api/proxy/ai`): docs/API-initial-journey.md. */
export function journeyAiRoutes(
  ctx: AppContext,
  service: InitialJourneyService,
  providerShares: ProviderSharesService,
): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  const reader = { preValidation: ctx.guards.requireRole('patient', 'provider') };

  return async (app) => {
    app.post(
      '/initial-journey',
      { ...patient, schema: { tags, body: journeyTurnBody } },
      async (request, reply) => {
        const me = caller(request);
        const data = await service.converse(me.sub, request.body.message, abortOnDisconnect(reply));
        return { success: true, data };
      },
    );

    app.get(
      '/get-conversation',
      { ...reader, schema: { tags, querystring: conversationQuery } },
      async (request) => ({
        success: true,
        data: await service.conversation(request, caller(request), request.query),
      }),
    );

    app.post(
      '/generate-journey-summary',
      { ...patient, schema: { tags, body: dataBody } },
      async (request, reply) => {
        const result = await service.generate(
          caller(request).sub,
          'selfReflectionSummary',
          abortOnDisconnect(reply),
        );
        return { success: true, message: result.message, data: result.document };
      },
    );

    app.post(
      '/get-ij-EmailTemplate',
      { ...reader, schema: { tags, body: patientBody } },
      async (request) => ({
        success: true,
        data: await service.latestOf(request, caller(request), request.body.patientId, 'emailTemplate'),
      }),
    );

    app.post(
      '/get-therapist-profile',
      { ...reader, schema: { tags, body: patientBody } },
      async (request) => ({
        success: true,
        data: await service.latestOf(request, caller(request), request.body.patientId, 'therapistProfile'),
      }),
    );

    // A client shares an Initial Journey document with a provider; a provider shares a notes
    // summary or care plan with the client (features/clinical-documents).
    app.post('/share-summary', { ...reader, schema: { tags, body: shareBody } }, async (request) => {
      const body = request.body;
      const actor = caller(request);
      if (actor.role === 'provider') {
        const result = await providerShares.share(request, actor, {
          notesSummaryId: body.notesSummaryId,
          carePlanId: body.carePlanId,
        });
        return { success: true, warning: result.warning, message: result.message, data: result.share };
      }
      if (!body.summaryTableName) throw badRequest(messages.oneOf(summaryTableNameValues));
      const result = await service.share(request, actor.sub, {
        doctorEmail: body.doctorEmail,
        summaryTableName: body.summaryTableName as SummaryTableName,
        documentId: body.documentId,
        includesPrivateEntriesConsent: body.includesPrivateEntriesConsent,
      });
      return { success: true, warning: result.warning, message: result.message, data: result.share ?? null };
    });

    app.delete('/share-summary/:id', { ...patient, schema: { tags, params: idParams } }, async (request) => {
      await service.withdraw(caller(request).sub, checkedId(request.params.id));
      return { success: true, message: journeyMessages.withdrawn };
    });

    app.get('/shared-summaries/:id', { ...reader, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      data: await service.sharedWithProvider(request, caller(request), request.params.id),
    }));
  };
}

const generateCalls: [string, JourneyKind][] = [
  ['/generate-therapist-profile', 'therapistProfile'],
  ['/generate-therapist-interview-qs', 'interviewGuide'],
  ['/generate-email-template', 'emailTemplate'],
  ['/generate-self-reflection-summary', 'selfReflectionSummary'],
];

/** The Initial Journey calls of the versioned API (`/api/v1`). */
export function journeyRoutes(ctx: AppContext, service: InitialJourneyService): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  const reader = { preValidation: ctx.guards.requireRole('patient', 'provider') };

  return async (app) => {
    for (const [path, kind] of generateCalls) {
      app.post(path, { ...patient, schema: { tags, body: dataBody } }, async (request, reply) => {
        const result = await service.generate(caller(request).sub, kind, abortOnDisconnect(reply));
        return { success: true, message: result.message, data: result.document };
      });
    }

    app.post(
      '/generate-initial-assessment',
      { ...patient, schema: { tags, body: dataBody } },
      async (request, reply) => ({
        success: true,
        message: 'Initial Journey documents generated successfully',
        data: await service.generateAll(caller(request).sub, abortOnDisconnect(reply)),
      }),
    );

    app.post(
      '/get-initial-journey-childs',
      { ...reader, schema: { tags, body: dataBody } },
      async (request) => ({
        success: true,
        data: await service.sections(request, caller(request), request.body.patientId),
      }),
    );

    app.get(
      '/get-client-profile/:patientId',
      { ...reader, schema: { tags, params: patientParams } },
      async (request) => ({
        success: true,
        data: await service.clientProfiles(request, caller(request), request.params.patientId, 1),
      }),
    );

    app.get(
      '/get-client-profile/:patientId/:limit',
      { ...reader, schema: { tags, params: patientLimitParams } },
      async (request) => ({
        success: true,
        data: await service.clientProfiles(
          request,
          caller(request),
          request.params.patientId,
          request.params.limit,
        ),
      }),
    );

    app.get(
      '/get-initial-client-profile-by-id/:id',
      { ...reader, schema: { tags, params: idParams } },
      async (request) => ({
        success: true,
        data: await service.documentById(
          request,
          caller(request),
          checkedId(request.params.id),
          'therapistProfile',
        ),
      }),
    );

    app.put(
      '/update-initial-client-profile/:id',
      { ...patient, schema: { tags, params: idParams, body: profileBody } },
      async (request) => ({
        success: true,
        message: 'Profile updated successfully',
        data: await service.updateProfile(
          caller(request).sub,
          checkedId(request.params.id),
          request.body.clientProfile,
        ),
      }),
    );

    app.get('/ai-documents/:id', { ...reader, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      data: await service.documentById(request, caller(request), checkedId(request.params.id)),
    }));

    const sendPdf = (reply: FastifyReply, { file, fileName }: { file: Buffer; fileName: string }) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(file);

    app.get(
      '/ai-documents/:id/pdf',
      { ...patient, schema: { tags, params: idParams } },
      async (request, reply) =>
        sendPdf(reply, await service.pdf(caller(request).sub, checkedId(request.params.id))),
    );

    app.get('/initial-journey/chat-history.pdf', { ...patient, schema: { tags } }, async (request, reply) =>
      sendPdf(reply, await service.chatPdf(caller(request).sub)),
    );

    app.post('/reset-self-reflection-journey', { ...patient, schema: { tags } }, async (request) => {
      await service.reset(caller(request).sub);
      return { success: true, message: journeyMessages.reset };
    });
  };
}
