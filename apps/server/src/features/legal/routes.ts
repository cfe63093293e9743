import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptLegalSchema,
  legalMessages,
  marketingAuthorizationSchema,
  researchConsentSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import type { LegalService } from './acceptance.js';
import type { ConsentsService } from './consents.js';

const tags = ['legal'];

/** Legal documents, their acceptance, and a client's consents (`/api/v1`): docs/API-legal.md. */
export function legalRoutes(
  ctx: AppContext,
  legal: LegalService,
  consents: ConsentsService,
): FastifyPluginAsyncZod {
  const signedIn = { preValidation: ctx.guards.authenticate };
  const patient = { preValidation: ctx.guards.requireRole('patient') };

  return async (app) => {
    // Public: the legal pages are read signed out too.
    app.get('/legal/documents', { schema: { tags } }, () =>
      Promise.resolve({ success: true, ...legal.publicInfo() }),
    );

    app.get('/legal/acceptance', { ...signedIn, schema: { tags } }, async (request) => ({
      success: true,
      ...(await legal.status(caller(request).sub)),
    }));

    app.post(
      '/legal/accept',
      { ...signedIn, schema: { tags, body: acceptLegalSchema } },
      async (request) => ({
        success: true,
        message: legalMessages.accepted,
        ...(await legal.accept(request, caller(request), request.body)),
      }),
    );

    app.get('/consents', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      data: await consents.view(caller(request).sub),
    }));

    app.put(
      '/consents/research',
      { ...patient, schema: { tags, body: researchConsentSchema } },
      async (request) => {
        const { optOut } = request.body;
        const data = await consents.setResearch(request, caller(request), optOut);
        return {
          success: true,
          message: optOut ? legalMessages.researchOptedOut : legalMessages.researchOptedIn,
          data,
        };
      },
    );

    app.post(
      '/consents/marketing-authorization',
      { ...patient, config: { idempotent: true }, schema: { tags, body: marketingAuthorizationSchema } },
      async (request, reply) => {
        // the answer is kept with the authorization, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 201);
        await consents.grantMarketing(request, caller(request), request.body, (tx, data) =>
          answer.record(tx, { success: true, message: legalMessages.marketingGranted, data }),
        );
        return answer.send();
      },
    );

    app.post(
      '/consents/marketing-authorization/revoke',
      { ...patient, schema: { tags } },
      async (request) => ({
        success: true,
        message: legalMessages.marketingRevoked,
        data: await consents.revokeMarketing(request, caller(request)),
      }),
    );
  };
}
