import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accessHistoryQuery,
  addDoctorSchema,
  connectionMessages as msg,
  deleteInvitationSchema,
  getDoctorsQuery,
  inviteDoctorQuery,
  statusUpdateSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { caller } from '../../platform/auth.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { findUserByEmail, findUserById } from '../../platform/users.js';
import { presentProvider } from './presenter.js';
import { acceptedDoctors, accessHistory, listDoctors, type ConnectionRow } from './repo.js';
import { isUuid } from '@mindledger/domain';
import type { ConnectionsService } from './service.js';

const tags = ['connections'];

/** The client's side of provider connections (docs/API-connections.md, Client side). */
export function clientConnectionRoutes(ctx: AppContext, service: ConnectionsService): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };

  async function providerRow(connection: Parameters<typeof presentProvider>[0]) {
    const user = await findUserById(ctx.db, connection.providerId);
    if (!user) throw notFound(msg.providerNotFound);
    return presentProvider(connection, user);
  }

  /**
   * add-doctor, invite-doctor: an existing approved provider, or an email invitation. `record`
   * keeps the answer in the invitation's transaction (add-doctor's key, decision 104).
   */
  async function inviteByEmail(
    request: FastifyRequest,
    email: string,
    record: (tx: Executor, answer: Record<string, unknown>) => Promise<void> = async () => {},
  ) {
    const me = caller(request);
    const self = await findUserById(ctx.db, me.sub);
    if (!self) throw notFound(msg.providerNotFound);
    if (self.email === email) throw badRequest(msg.cannotInviteYourself);
    const target = await findUserByEmail(ctx.db, email);
    if (target) {
      if (target.role !== 'provider') throw badRequest(msg.notAProvider);
      if (!target.approved || !target.activated) throw badRequest(msg.providerNotApproved);
      const answer = (row: ConnectionRow) => ({
        success: true,
        message: msg.invitationSent,
        invitation: presentProvider(row, target),
      });
      const row = await service.invite({ id: me.sub, role: 'patient' }, target, (tx, made) =>
        record(tx, answer(made)),
      );
      return answer(row);
    }
    const answer = { success: true, message: msg.emailInvitationSent, emailInvitation: true };
    await service.inviteEmail(
      { id: me.sub, role: 'patient', name: `${self.firstName} ${self.lastName}` },
      email,
      {},
      (tx) => record(tx, answer),
    );
    return answer;
  }

  return async (app) => {
    app.post(
      '/add-doctor',
      { ...patient, config: { idempotent: true }, schema: { tags, body: addDoctorSchema } },
      async (request, reply) => {
        const answer = ctx.idempotency.answer<Record<string, unknown>>(request, reply, 201);
        await inviteByEmail(request, request.body.email, (tx, body) => answer.record(tx, body));
        return answer.send();
      },
    );

    app.get('/invite-doctor', { ...patient, schema: { tags, querystring: inviteDoctorQuery } }, (request) =>
      inviteByEmail(request, request.query.email),
    );

    app.get(
      '/patient-invite-doctor/:id',
      { ...patient, schema: { tags, params: z.object({ id: z.string().max(64) }) } },
      async (request) => {
        const { id } = request.params;
        const target = isUuid(id) ? await findUserById(ctx.db, id) : undefined;
        if (!target || target.role !== 'provider' || !target.approved || !target.activated)
          throw notFound(msg.providerNotFound);
        const row = await service.invite({ id: caller(request).sub, role: 'patient' }, target);
        return { success: true, message: msg.invitationSent, invitation: presentProvider(row, target) };
      },
    );

    app.get(
      '/get-doctors',
      { ...patient, schema: { tags, querystring: getDoctorsQuery } },
      async (request) => {
        const q = request.query;
        const { rows, total } = await listDoctors(ctx.db, caller(request).sub, q);
        const pages = Math.max(1, Math.ceil(total / q.limit));
        return {
          success: true,
          doctors: rows.map((r) => presentProvider(r.c, r.u)),
          total,
          page: q.page,
          limit: q.limit,
          pages,
          hasNext: q.page < pages,
        };
      },
    );

    app.put(
      '/update-doctor-status',
      { ...patient, schema: { tags, body: statusUpdateSchema } },
      async (request) => {
        const { id, newStatus } = request.body;
        const row = await service.decide(
          request,
          { id: caller(request).sub, role: 'patient' },
          id,
          newStatus,
        );
        if (!row) return { success: true, ignored: true, message: msg.ignored };
        return {
          success: true,
          message: msg.providerStatusUpdated(row.status),
          invitation: await providerRow(row),
        };
      },
    );

    app.put(
      '/delete-doctor',
      { ...patient, schema: { tags, body: deleteInvitationSchema } },
      async (request) => {
        const row = await service.remove(
          request,
          { id: caller(request).sub, role: 'patient' },
          request.body.id,
        );
        if (!row) return { success: true, ignored: true, message: msg.ignored };
        return { success: true, message: msg.providerDeleted };
      },
    );

    app.get('/get-accepted-doctors', { ...patient, schema: { tags } }, async (request) => {
      const rows = await acceptedDoctors(ctx.db, caller(request).sub);
      return { success: true, doctors: rows.map((r) => presentProvider(r.c, r.u)) };
    });

    app.get(
      '/access-history',
      { ...patient, schema: { tags, querystring: accessHistoryQuery } },
      async (request) => {
        const q = request.query;
        const { rows, total } = await accessHistory(ctx.db, caller(request).sub, q);
        return {
          success: true,
          entries: rows.map((r) => ({
            providerName: r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : 'Deleted user',
            providerId: r.providerId,
            resourceType: r.resourceType,
            occurredAt: r.occurredAt.toISOString(),
            // 'access': the provider opened it; 'privateEntriesConsent': the client shared a
            // document drawing on `privateEntries` private entries with them (decision 103)
            event: r.action === 'PRIVATE_ENTRIES_SHARED' ? 'privateEntriesConsent' : 'access',
            ...(r.action === 'PRIVATE_ENTRIES_SHARED'
              ? { privateEntries: Number(r.privateEntries) || 0 }
              : {}),
          })),
          total,
          page: q.page,
          limit: q.limit,
          hasNext: q.page * q.limit < total,
        };
      },
    );
  };
}
