import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clinicalExportMessages as msg,
  clinicalExportSchema,
  ownRecordQuerySchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { checkedId } from '../../platform/checked-id.js';
import type { ClinicalExportService, Download } from './service.js';

const tags = ['clinical-export'];
const idParams = z.object({ id: z.string().max(64) });
const patientParams = z.object({ patientId: z.string().max(64) });
const downloadQuery = z.object({
  format: z.enum(['pdf', 'fhir'], { error: 'Must be one of: pdf, fhir' }).optional(),
});

/** Streams a file as an attachment that is never cached. */
function sendFile(reply: FastifyReply, file: Download) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.stream);
}

/** Clinical export (`/api/v1`, Part 2 §7; docs/API-clinical-export.md) and the client's own copy. */
export function clinicalExportRoutes(ctx: AppContext, service: ClinicalExportService): FastifyPluginAsyncZod {
  const provider = { preValidation: ctx.guards.requireRole('provider') };
  const patient = { preValidation: ctx.guards.requireRole('patient') };

  return async (app) => {
    app.post(
      '/provider/clinical-export/initiate',
      { ...provider, config: { idempotent: true }, schema: { tags, body: clinicalExportSchema } },
      async (request, reply) => {
        // the answer is kept with the export, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 202);
        await service.initiate(request, caller(request), request.body, (tx, data) =>
          answer.record(tx, { success: true, message: msg.started, data }),
        );
        return answer.send();
      },
    );

    app.get(
      '/provider/clinical-export/status/:id',
      { ...provider, schema: { tags, params: idParams } },
      async (request) => ({
        success: true,
        data: await service.status(request, caller(request), checkedId(request.params.id, msg.notFound)),
      }),
    );

    app.get(
      '/provider/clinical-export/list/:patientId',
      { ...provider, schema: { tags, params: patientParams } },
      async (request) => {
        const exports = await service.list(request, caller(request), checkedId(request.params.patientId));
        return { success: true, exports, total: exports.length };
      },
    );

    app.get(
      '/provider/clinical-export/download/:id',
      { ...provider, schema: { tags, params: idParams, querystring: downloadQuery } },
      async (request, reply) =>
        sendFile(
          reply,
          await service.download(
            request,
            caller(request),
            checkedId(request.params.id, msg.notFound),
            request.query.format,
          ),
        ),
    );

    app.get(
      '/my-record',
      { ...patient, schema: { tags, querystring: ownRecordQuerySchema } },
      async (request, reply) =>
        sendFile(reply, await service.ownRecord(request, caller(request), request.query.format)),
    );
  };
}
