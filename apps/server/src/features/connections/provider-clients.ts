import type { FastifyRequest } from 'fastify';
import {
  connectionGivesAccess,
  connectionMessages as msg,
  reactivationTokenDays,
  type BulkAction,
} from '@mindledger/domain';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import {
  clientOf,
  findConnection,
  findReactivationToken,
  patientConnection,
  statusHistory,
  type ConnectionRow,
} from './repo.js';
import {
  consumeOpenReactivationTokens,
  consumeReactivationToken,
  insertReactivationToken,
} from './repo-writes.js';
import { isUuid } from '@mindledger/domain';
import type { ConnectionsService } from './service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Inactivation, reactivation (token + the client's consent) and disconnection (Part 2 §4). */
export class ProviderClients {
  constructor(private readonly service: ConnectionsService) {}

  private get ctx() {
    return this.service.ctx;
  }

  private async target(request: FastifyRequest, providerId: string, clientId: string, withDeleted = false) {
    if (isUuid(clientId)) {
      const row = await findConnection(this.ctx.db, clientOf(providerId, clientId, withDeleted));
      if (row) return row;
    }
    return this.service.denied(request, 'client', clientId, msg.clientNotFound);
  }

  private transition(
    request: FastifyRequest,
    providerId: string,
    clientId: string,
    plan: Parameters<ConnectionsService['change']>[4],
    extra?: Parameters<ConnectionsService['change']>[5],
  ): Promise<ConnectionRow> {
    const notFoundAs = { resourceType: 'client', id: clientId, message: msg.clientNotFound };
    if (!isUuid(clientId)) return this.service.denied(request, 'client', clientId, msg.clientNotFound);
    return this.service.change(
      request,
      { id: providerId, role: 'provider' },
      clientOf(providerId, clientId),
      notFoundAs,
      plan,
      extra,
    );
  }

  markInactive(
    request: FastifyRequest,
    providerId: string,
    clientId: string,
    reason: string,
    notes?: string,
  ) {
    return this.transition(request, providerId, clientId, (row) => {
      if (!connectionGivesAccess(row)) throw conflict(msg.onlyActiveCanBeInactive);
      return {
        values: { connectionStatus: 'inactive', inactiveReason: reason },
        kind: 'marked_inactive',
        reason,
        notes,
      };
    });
  }

  /** Mails the client a one-time link (7 days); access returns only after their consent. */
  async requestReactivation(request: FastifyRequest, providerId: string, clientId: string) {
    const token = randomToken();
    const expiresAt = new Date(this.ctx.clock.now().getTime() + reactivationTokenDays * DAY_MS);
    const link = `${this.ctx.config.publicUrl}/user/reactivation-consent?token=${token}`;
    await this.transition(
      request,
      providerId,
      clientId,
      (row) => {
        if (row.status !== 'accepted' || row.connectionStatus !== 'inactive')
          throw conflict(msg.onlyInactiveCanReactivate);
        return { values: {}, kind: 'reactivation_requested', link };
      },
      async (tx, after) => {
        const now = this.ctx.clock.now();
        // Only the newest link works.
        await consumeOpenReactivationTokens(tx, after.id, now);
        await insertReactivationToken(tx, { connectionId: after.id, tokenHash: sha256(token), expiresAt });
      },
    );
    return { success: true, message: msg.reactivationSent, expiresAt: expiresAt.toISOString() };
  }

  /** The client's consent (bearer of the client): the connection is active again. */
  async consent(request: FastifyRequest, patientId: string, token: string) {
    const found = await findReactivationToken(this.ctx.db, sha256(token));
    const now = this.ctx.clock.now();
    if (!found || found.t.consumedAt || found.t.expiresAt <= now) throw badRequest(msg.reactivationInvalid);
    if (found.patientId !== patientId) {
      await this.ctx.audit.record(
        { action: 'AUTHORIZATION_FAILURE', resourceType: 'reactivation', resourceId: found.t.connectionId },
        request,
      );
      throw badRequest(msg.reactivationInvalid);
    }
    await this.service.change(
      request,
      { id: patientId, role: 'patient' },
      patientConnection(patientId, found.t.connectionId),
      { resourceType: 'reactivation', id: found.t.connectionId, message: msg.reactivationInvalid },
      (row) => {
        if (row.status !== 'accepted' || row.connectionStatus !== 'inactive')
          throw badRequest(msg.reactivationInvalid);
        return {
          values: { connectionStatus: 'active', accessLevel: 'full', inactiveReason: null },
          kind: 'reactivated',
        };
      },
      async (tx) => {
        if (!(await consumeReactivationToken(tx, found.t.id, now))) throw badRequest(msg.reactivationInvalid);
      },
    );
    return { success: true, message: msg.reactivated };
  }

  /** Final: connectionStatus disconnected, accessLevel none; a new invitation is needed. */
  disconnect(request: FastifyRequest, providerId: string, clientId: string, reason?: string) {
    return this.transition(request, providerId, clientId, (row) => {
      if (row.status !== 'accepted') throw conflict(msg.onlyConnectedCanDisconnect);
      if (row.connectionStatus === 'disconnected') throw conflict(msg.alreadyDisconnected);
      return {
        values: {
          connectionStatus: 'disconnected',
          accessLevel: 'none',
          inactiveReason: reason ?? row.inactiveReason,
        },
        kind: 'disconnected',
        reason,
      };
    });
  }

  async history(request: FastifyRequest, providerId: string, clientId: string) {
    const row = await this.target(request, providerId, clientId, true);
    const events = await statusHistory(this.ctx.db, row.id);
    return events.map((e) => ({
      kind: e.kind,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      fromConnectionStatus: e.fromConnectionStatus,
      toConnectionStatus: e.toConnectionStatus,
      reason: e.reason,
      actorRole: e.actorRole,
      createdAt: e.createdAt.toISOString(),
    }));
  }

  async status(request: FastifyRequest, providerId: string, clientId: string) {
    const row = await this.target(request, providerId, clientId);
    return {
      success: true,
      status: row.status,
      connectionStatus: row.connectionStatus,
      accessLevel: row.accessLevel,
      hasAccess: connectionGivesAccess(row),
    };
  }

  /** Each item on its own; the call succeeds only when no item failed. */
  async bulk(
    request: FastifyRequest,
    providerId: string,
    clientIds: string[],
    action: BulkAction,
    reason?: string,
  ) {
    const results: { clientId: string; success: boolean; message: string }[] = [];
    for (const clientId of clientIds) {
      try {
        if (action === 'reactivate') {
          results.push({
            clientId,
            success: true,
            message: (await this.requestReactivation(request, providerId, clientId)).message,
          });
        } else if (action === 'disconnect') {
          await this.disconnect(request, providerId, clientId, reason);
          results.push({ clientId, success: true, message: msg.disconnected });
        } else {
          await this.markInactive(request, providerId, clientId, reason ?? '');
          results.push({ clientId, success: true, message: msg.markedInactive });
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ clientId, success: false, message: error.message });
      }
    }
    return { success: results.every((r) => r.success), results };
  }
}
