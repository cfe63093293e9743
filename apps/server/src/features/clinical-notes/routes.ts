import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addendumSchema,
  createNoteSchema,
  createTodoSchema,
  noteCategories,
  noteMessages,
  noteSummaryRequestSchema,
  sessionNotes,
  todoMessages,
  updateNoteSchema,
  updateTodoSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { abortOnDisconnect } from '../../platform/disconnect.js';
import { checkedId } from '../../platform/checked-id.js';
import type { ClinicalNotesService } from './service.js';
import type { NoteSummaryWriter } from './note-summary.js';

const tags = ['clinical-notes'];
const idParams = z.object({ id: z.string().max(64) });
const noteIdParams = z.object({ noteId: z.string().max(64) });
const patientParams = z.object({ patientId: z.string().max(64) });
const notesQuery = z.object({
  category: z.enum(noteCategories).optional(),
  status: z.enum(['signed', 'draft']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const sessionNotesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(sessionNotes.maxLimit).default(sessionNotes.limit),
});
/** PUT notes/{noteId} sends `{ data }` (Part 2 §7); a flat body is read the same. */
const updateBody = z
  .object({ data: z.record(z.string(), z.unknown()).optional() })
  .catchall(z.unknown())
  .transform((body, ctx) => {
    const parsed = updateNoteSchema.safeParse(body.data ?? body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' } as never);
      return z.NEVER;
    }
    return parsed.data;
  });

/** Notes, addenda and to-dos (`/api/v1`, provider only): docs/API-clinical-notes.md. */
export function clinicalNotesRoutes(
  ctx: AppContext,
  service: ClinicalNotesService,
  summaries: NoteSummaryWriter,
): FastifyPluginAsyncZod {
  const provider = { preValidation: ctx.guards.requireRole('provider') };
  const create = { ...provider, config: { idempotent: true } };

  return async (app) => {
    app.post(
      '/create-notes',
      { ...create, schema: { tags, body: createNoteSchema } },
      async (request, reply) => {
        // the answer is kept with the note, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.create(request, caller(request), request.body, (tx, note) =>
          answer.record(tx, { success: true, message: noteMessages.created, data: note }),
        );
        return answer.send();
      },
    );

    app.get(
      '/get-all-notes/:patientId',
      { ...provider, schema: { tags, params: patientParams, querystring: notesQuery } },
      async (request) => {
        const page = await service.ofClient(
          request,
          caller(request),
          checkedId(request.params.patientId),
          request.query,
        );
        return { success: true, data: page.notes, total: page.total, page: page.page, hasNext: page.hasNext };
      },
    );

    app.get(
      '/get-all-session-notes',
      { ...provider, schema: { tags, querystring: sessionNotesQuery } },
      async (request) => {
        const result = await service.sessionNotes(caller(request), request.query.limit);
        return { success: true, data: result.notes, signedLast30Days: result.signedLast30Days };
      },
    );

    app.get('/notes/:id', { ...provider, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      data: await service.get(request, caller(request), checkedId(request.params.id)),
    }));

    app.put(
      '/notes/:noteId',
      { ...provider, schema: { tags, params: noteIdParams, body: updateBody } },
      async (request) => {
        const result = await service.update(
          request,
          caller(request),
          checkedId(request.params.noteId),
          request.body,
        );
        return { success: true, message: result.message, data: result.note };
      },
    );

    app.delete('/notes/:id', { ...provider, schema: { tags, params: idParams } }, async (request) => {
      await service.remove(request, caller(request), checkedId(request.params.id));
      return { success: true, message: noteMessages.deleted };
    });

    app.post(
      '/notes/:id/addenda',
      { ...create, schema: { tags, params: idParams, body: addendumSchema } },
      async (request, reply) => {
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.addAddendum(
          request,
          caller(request),
          checkedId(request.params.id),
          request.body.text,
          (tx, note) => answer.record(tx, { success: true, message: noteMessages.addendumAdded, data: note }),
        );
        return answer.send();
      },
    );

    app.post(
      '/generate-ai-summary',
      { ...provider, schema: { tags, body: noteSummaryRequestSchema } },
      async (request, reply) => ({
        success: true,
        data: await summaries.summarise(request, caller(request), request.body, abortOnDisconnect(reply)),
      }),
    );

    app.get(
      '/todos/:patientId',
      { ...provider, schema: { tags, params: patientParams } },
      async (request) => ({
        success: true,
        data: await service.todos(request, caller(request), checkedId(request.params.patientId)),
      }),
    );

    app.post('/todos', { ...create, schema: { tags, body: createTodoSchema } }, async (request, reply) => {
      const answer = ctx.idempotency.answer(request, reply, 201);
      await service.createTodo(request, caller(request), request.body, (tx, todo) =>
        answer.record(tx, { success: true, message: todoMessages.created, data: todo }),
      );
      return answer.send();
    });

    app.put(
      '/todos/:id',
      { ...provider, schema: { tags, params: idParams, body: updateTodoSchema } },
      async (request) => {
        const todo = await service.updateTodo(
          request,
          caller(request),
          checkedId(request.params.id),
          request.body,
        );
        const message =
          request.body.done === undefined
            ? todoMessages.updated
            : request.body.done
              ? todoMessages.done
              : todoMessages.undone;
        return { success: true, message, data: todo };
      },
    );

    app.delete('/todos/:id', { ...provider, schema: { tags, params: idParams } }, async (request) => {
      await service.removeTodo(request, caller(request), checkedId(request.params.id));
      return { success: true, message: todoMessages.deleted };
    });
  };
}
