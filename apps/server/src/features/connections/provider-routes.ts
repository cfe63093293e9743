import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPatientSchema,
  bulkUpdateSchema,
  connectionMessages as msg,
  deleteInvitationSchema,
  disconnectSchema,
  docPatientQuery,
  getPatientsSchema,
  inactiveClientsQuery,
  markInactiveSchema,
  reactivationConsentSchema,
  statusUpdateSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { findUserById } from '../../platform/users.js';
import { presentClient, presentInactive } from './presenter.js';
import { ProviderClients } from './provider-clients.js';
import { connectedPatients, listInactive, listPatients, sentInvitations } from './repo.js';
import { isUuid } from '@mindledger/domain';
import type { ConnectionsService } from './service.js';

const tags = ['connections'];
const clientParams = z.object({ clientId: z.string().max(64) });
const idParams = z.object({ id: z.string().max(64) });

function pages(total: number, page: number, limit: number) {
  const count = Math.max(1, Math.ceil(total / limit));
  return { total, page, limit, pages: count, hasNext: page < count };
}

/** The provider's side of client connections (docs/API-connections.md, Provider side). */
export function providerConnectionRoutes(
  ctx: AppContext,
  service: ConnectionsService,
): FastifyPluginAsyncZod {
  // preValidation: the role is checked (and a refusal audited) before any input is looked at.
  const provider = { preValidation: ctx.guards.requireRole('provider') };
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  const clients = new ProviderClients(service);

  async function clientRow(connection: Parameters<typeof presentClient>[0]) {
    const user = await findUserById(ctx.db, connection.patientId);
    if (!user) throw badRequest(msg.clientNotFound);
    return presentClient(connection, user);
  }

  return async (app) => {
    app.post(
      '/add-patient',
      { ...provider, config: { idempotent: true }, schema: { tags, body: addPatientSchema } },
      async (request, reply) => {
        const me = caller(request);
        const self = await findUserById(ctx.db, me.sub);
        if (!self) throw badRequest(msg.clientNotFound);
        const { email } = request.body;
        if (self.email === email) throw badRequest(msg.cannotInviteYourself);
        // The same answer for a client account, another account or none (see invitePatient), kept
        // with the invitation in its transaction (decision 104).
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.invitePatient(
          { id: me.sub, role: 'provider', name: `${self.firstName} ${self.lastName}` },
          email,
          (tx) => answer.record(tx, { success: true, message: msg.clientInvitationSent }),
        );
        return answer.send();
      },
    );

    app.post('/get-patients', { ...provider, schema: { tags, body: getPatientsSchema } }, async (request) => {
      const me = caller(request);
      const q = request.body.data;
      const { rows, total } = await listPatients(ctx.db, me.sub, q);
      const sent = await sentInvitations(ctx.db, me.sub);
      return {
        success: true,
        patients: rows.map((r) => presentClient(r.c, r.u)),
        ...pages(total, q.page, q.limit),
        pendingEmailInvitations: sent.map((p) => ({
          id: p.id,
          email: p.email,
          sentOn: p.sentOn.toISOString(),
        })),
      };
    });

    app.get(
      '/get-doc-patient',
      { ...provider, schema: { tags, querystring: docPatientQuery } },
      async (request) => {
        const me = caller(request);
        const rows = await connectedPatients(ctx.db, me.sub, request.query.userIds.filter(isUuid));
        await ctx.audit.record(
          rows.map((r) => ({
            action: 'ACCESS_PHI' as const,
            resourceType: 'client-summary',
            resourceId: r.c.patientId,
            patientId: r.c.patientId,
          })),
          request,
        );
        return { success: true, patients: rows.map((r) => presentClient(r.c, r.u)) };
      },
    );

    app.put(
      '/update-patient-status',
      { ...provider, schema: { tags, body: statusUpdateSchema } },
      async (request) => {
        const { id, newStatus } = request.body;
        const row = await service.decide(
          request,
          { id: caller(request).sub, role: 'provider' },
          id,
          newStatus,
        );
        if (!row) return { success: true, ignored: true, message: msg.ignored };
        return {
          success: true,
          message: msg.clientStatusUpdated(row.status),
          invitation: await clientRow(row),
        };
      },
    );

    app.put(
      '/delete-patient-invitation',
      { ...provider, schema: { tags, body: deleteInvitationSchema } },
      async (request) => {
        const me = caller(request).sub;
        if (request.body.id && (await service.cancelEmailInvitation(me, request.body.id)))
          return { success: true, message: msg.invitationDeleted };
        const row = await service.remove(request, { id: me, role: 'provider' }, request.body.id);
        if (!row) return { success: true, ignored: true, message: msg.ignored };
        return { success: true, message: msg.invitationDeleted };
      },
    );

    app.patch(
      '/provider/clients/:clientId/mark-inactive',
      { ...provider, schema: { tags, params: clientParams, body: markInactiveSchema } },
      async (request) => {
        const { reason, notes } = request.body;
        const row = await clients.markInactive(
          request,
          caller(request).sub,
          request.params.clientId,
          reason,
          notes,
        );
        return { success: true, message: msg.markedInactive, client: await clientRow(row) };
      },
    );

    app.post(
      '/provider/clients/:id/generate-reactivation-token',
      { ...provider, schema: { tags, params: idParams } },
      (request) => clients.requestReactivation(request, caller(request).sub, request.params.id),
    );

    app.patch(
      '/provider/clients/:id/reactivate',
      { ...provider, schema: { tags, params: idParams } },
      (request) => clients.requestReactivation(request, caller(request).sub, request.params.id),
    );

    app.post(
      '/provider/reactivation/consent',
      { ...patient, schema: { tags, body: reactivationConsentSchema } },
      (request) => clients.consent(request, caller(request).sub, request.body.token),
    );

    app.patch(
      '/provider/clients/:clientId/disconnect',
      { ...provider, schema: { tags, params: clientParams, body: disconnectSchema } },
      async (request) => {
        const reason = request.body.reason;
        await clients.disconnect(request, caller(request).sub, request.params.clientId, reason);
        return { success: true, message: msg.disconnected };
      },
    );

    app.get(
      '/provider/inactive-clients',
      { ...provider, schema: { tags, querystring: inactiveClientsQuery } },
      async (request) => {
        const q = request.query;
        const { rows, total } = await listInactive(ctx.db, caller(request).sub, q);
        return {
          success: true,
          clients: rows.map((r) => presentInactive(r.c, r.u)),
          ...pages(total, q.page, q.limit),
        };
      },
    );

    app.get(
      '/provider/clients/:id/status-history',
      { ...provider, schema: { tags, params: idParams } },
      async (request) => ({
        success: true,
        history: await clients.history(request, caller(request).sub, request.params.id),
      }),
    );

    app.patch(
      '/provider/inactive-clients/bulk-update',
      { ...provider, schema: { tags, body: bulkUpdateSchema } },
      (request) => {
        const { clientIds, action, reason } = request.body;
        return clients.bulk(request, caller(request).sub, clientIds, action, reason);
      },
    );

    app.get(
      '/provider/clients/:id/connection-status',
      { ...provider, schema: { tags, params: idParams } },
      (request) => clients.status(request, caller(request).sub, request.params.id),
    );
  };
}
