import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupMessages as msg,
  conflictResolutions,
  templateFormats,
  templateTypes,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { checkedId } from '../../platform/checked-id.js';
import type { BackupService } from './service.js';

const tags = ['backup'];
const idParams = z.object({ id: z.string().max(64) });
/** Inline files (CSV or JSON text, or a base64 data URL) in validate, preview and confirm. */
const inlineBodyLimit = 16 * 1024 * 1024;
const resolution = z.enum(conflictResolutions, { error: 'Must be one of: skip, replace, keepBoth' });
const importOptions = z
  .object({
    timezone: z.string().max(100).optional(),
    moodMap: z.record(z.string().max(100), z.string().max(50)).optional(),
    onConflict: resolution.optional(),
  })
  .optional();
const fileBody = z.object({
  importId: z.string().uuid('Import not found').optional(),
  fileData: z.string().max(inlineBodyLimit).optional(),
  importOptions,
});
const confirmBody = fileBody.extend({
  conflictResolutions: z
    .record(z.string().max(40), resolution)
    .refine((r) => Object.keys(r).length <= 200_000, 'Too many resolutions')
    .optional(),
});
const templateQuery = z.object({
  format: z.enum(templateFormats, { error: 'Must be one of: csv, json' }).default('csv'),
  includeExamples: z
    .enum(['true', 'false'], { error: 'Must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

/** Backup and import (`/api/v1`, Part 2 §7 Backup; docs/API-backup.md): the client's own data only. */
export function backupRoutes(ctx: AppContext, service: BackupService): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  // Import files may take HTTP_UPLOAD_TIMEOUT_MS to arrive (platform/http-timeouts.ts).
  const upload = { config: { upload: true } };
  const id = (raw: string, message: string) => checkedId(raw, message);

  return async (app) => {
    app.post(
      '/export/initiate',
      { ...patient, config: { idempotent: true }, schema: { tags } },
      async (request, reply) => {
        // the answer is kept with the export, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 202);
        await service.startExport(request, caller(request), (tx, data) =>
          answer.record(tx, { success: true, message: msg.exportStarted, data }),
        );
        return answer.send();
      },
    );

    app.get('/export/progress/:id', { ...patient, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      data: await service.exportProgress(caller(request), id(request.params.id, msg.exportNotFound)),
    }));

    app.get(
      '/export/download/:id',
      { ...patient, schema: { tags, params: idParams } },
      async (request, reply) => {
        const file = await service.download(
          request,
          caller(request),
          id(request.params.id, msg.exportNotFound),
        );
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('content-length', file.size)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );

    app.post('/import/initiate', { ...patient, ...upload, schema: { tags } }, async (request, reply) => {
      const data = await service.upload(request, caller(request));
      return reply.code(201).send({ success: true, data });
    });

    app.post(
      '/import/validate',
      { ...patient, ...upload, bodyLimit: inlineBodyLimit + 65_536, schema: { tags, body: fileBody } },
      async (request) => ({ success: true, data: await service.validate(caller(request), request.body) }),
    );

    app.post(
      '/import/preview',
      { ...patient, ...upload, bodyLimit: inlineBodyLimit + 65_536, schema: { tags, body: fileBody } },
      async (request) => ({ success: true, data: await service.preview(caller(request), request.body) }),
    );

    app.post(
      '/import/confirm',
      {
        ...patient,
        ...upload,
        bodyLimit: inlineBodyLimit + 4 * 1024 * 1024,
        schema: { tags, body: confirmBody },
      },
      async (request, reply) => {
        const data = await service.confirm(request, caller(request), request.body);
        return reply.code(202).send({ success: true, message: msg.confirmStarted, data });
      },
    );

    app.get('/import/progress/:id', { ...patient, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      data: await service.progress(caller(request), id(request.params.id, msg.importNotFound)),
    }));

    app.post('/import/cancel/:id', { ...patient, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      message: msg.cancelled,
      data: await service.cancel(caller(request), id(request.params.id, msg.importNotFound)),
    }));

    app.get('/import/history', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      data: await service.history(caller(request)),
    }));

    app.get('/import/options', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      data: await service.options(caller(request)),
    }));

    app.get('/import/template-info', { ...patient, schema: { tags } }, () =>
      Promise.resolve({ success: true, data: service.templateInfo() }),
    );

    app.get(
      '/import/template/:type',
      {
        ...patient,
        schema: {
          tags,
          params: z.object({ type: z.enum(templateTypes, { error: msg.templateType }) }),
          querystring: templateQuery,
        },
      },
      async (request, reply) => {
        const file = service.template(
          request.params.type,
          request.query.format,
          request.query.includeExamples,
        );
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.text);
      },
    );
  };
}
