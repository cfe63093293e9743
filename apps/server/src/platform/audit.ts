import type { FastifyRequest } from 'fastify';
import { auditText, cutAuditMetadata, type AuditAction, type ClientAuditEntry } from '@mindledger/domain';
import type { Db, Executor } from '../db/client.js';
import { auditLogs, clientAuditEvents } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import type { AccessClaims } from './tokens.js';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  actorRole?: string | null;
  resourceType?: string;
  resourceId?: string;
  patientId?: string | null;
  metadata?: Record<string, unknown>;
}

const optional = (text: string | null | undefined, max: number) =>
  text === null || text === undefined ? null : auditText(text, max);

/** Where the request came from, as every audit row records it. */
function origin(request: FastifyRequest | undefined) {
  return {
    ip: optional(request?.ip, 100),
    userAgent: optional(request?.headers['user-agent'], 200),
    requestId: optional(request?.id, 100),
  };
}

/**
 * Writes audit entries: who touched whose data and security events, never the data itself. Every
 * text is made storable first (no NUL, no unpaired surrogate, bounded), so what a caller typed can
 * never make the write fail; a write that still fails (the database is gone) fails the request that
 * depends on it, so no access goes unrecorded.
 */
export class Audit {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private row(entry: AuditEntry, request?: FastifyRequest) {
    return {
      action: entry.action,
      actorId: entry.actorId ?? request?.auth?.sub ?? null,
      actorRole: optional(entry.actorRole ?? request?.auth?.role, 20),
      resourceType: optional(entry.resourceType, 100),
      resourceId: optional(entry.resourceId, 200),
      patientId: entry.patientId ?? null,
      metadata: cutAuditMetadata(entry.metadata),
      ...origin(request),
      occurredAt: this.clock.now(),
    };
  }

  /**
   * Records server-observed entries (the server's trail, audit_logs). With `tx` the row is part of
   * the caller's transaction: the change and its audit row are written together or not at all.
   */
  async record(entries: AuditEntry | AuditEntry[], request?: FastifyRequest, tx?: Executor): Promise<void> {
    const list = Array.isArray(entries) ? entries : [entries];
    if (list.length === 0) return;
    await (tx ?? this.db).insert(auditLogs).values(list.map((e) => this.row(e, request)));
  }

  /**
   * Records what the web app reports of the caller's own actions, apart from the server's trail
   * (client_audit_events): bound to the caller, stamped with the server's clock, no subject.
   */
  async recordClient(actor: AccessClaims, entries: ClientAuditEntry[], request: FastifyRequest) {
    if (entries.length === 0) return;
    const receivedAt = this.clock.now();
    await this.db.insert(clientAuditEvents).values(
      entries.map((entry) => ({
        receivedAt,
        actorId: actor.sub,
        actorRole: actor.role,
        action: entry.action,
        resourceType: optional(entry.resourceType, 50),
        resourceId: optional(entry.resourceId, 100),
        metadata: cutAuditMetadata(entry.metadata),
        ...origin(request),
      })),
    );
  }
}
