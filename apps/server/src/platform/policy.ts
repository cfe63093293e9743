import type { FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import { isUuid } from '@mindledger/domain';
import type { Db } from '../db/client.js';
import { connections } from '../db/schema/index.js';
import type { Audit } from './audit.js';
import type { AccessClaims } from './tokens.js';
import { badRequest, notFound } from './errors.js';
import { ownScope, type ReadScope } from './read-scope.js';

export type PatientAccess = 'self' | 'provider';

/**
 * The one rule of provider access, as SQL: the connection is accepted and active. Every query that
 * decides what a provider may see of a client uses it (isConnected below, the connections lists).
 */
export function activeConnection(): SQL {
  return and(eq(connections.status, 'accepted'), eq(connections.connectionStatus, 'active')) as SQL;
}

/**
 * The one access policy every feature uses for a client's data: a patient reaches only their own
 * data; a provider reaches a patient's data only through an accepted, active connection; an admin
 * reaches admin screens, not clinical data.
 */
export class AccessPolicy {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
  ) {}

  async isConnected(providerId: string, patientId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: connections.id })
      .from(connections)
      .where(
        and(eq(connections.providerId, providerId), eq(connections.patientId, patientId), activeConnection()),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** How the actor may reach the patient's data, or null when not at all. */
  async patientAccess(actor: AccessClaims, patientId: string): Promise<PatientAccess | null> {
    if (actor.role === 'patient') return actor.sub === patientId ? 'self' : null;
    if (actor.role === 'provider') return (await this.isConnected(actor.sub, patientId)) ? 'provider' : null;
    return null;
  }

  /**
   * Throws 404 (existence must not leak) with an AUTHORIZATION_FAILURE audit entry when the actor
   * may not reach the patient; records ACCESS_PHI when a provider reads a client's data.
   */
  async assertPatientAccess(
    request: FastifyRequest,
    actor: AccessClaims,
    patientId: string,
    resourceType: string,
  ): Promise<PatientAccess> {
    const access = await this.patientAccess(actor, patientId);
    if (!access) {
      await this.audit.record(
        { action: 'AUTHORIZATION_FAILURE', resourceType, resourceId: patientId, patientId: null },
        request,
      );
      throw notFound();
    }
    if (access === 'provider') {
      await this.audit.record(
        { action: 'ACCESS_PHI', resourceType, resourceId: patientId, patientId },
        request,
      );
    }
    return access;
  }

  /**
   * The scope of a read of a client's data: a patient's own (no patient id, or their own), or a
   * connected provider's view of the client (never private entries; ACCESS_PHI recorded). The one
   * way every feature scopes a request to a client, so the answers are the same everywhere: a
   * provider naming no client gets 400 'Patient id is required'; anyone else, and any id that names
   * nobody, gets 404.
   */
  async readScope(
    request: FastifyRequest,
    actor: AccessClaims,
    patientId: string | undefined,
    resourceType: string,
  ): Promise<ReadScope> {
    if (actor.role === 'patient' && (patientId === undefined || patientId === actor.sub))
      return ownScope(actor.sub);
    if (patientId === undefined || patientId === '') throw badRequest('Patient id is required');
    if (!isUuid(patientId)) throw notFound();
    const access = await this.assertPatientAccess(request, actor, patientId, resourceType);
    return { patientId, includePrivate: access === 'self' };
  }
}
