import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { cutAuditMetadata, storableText, type AuditAction } from '@mindledger/domain';
import type { Db } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  actorRole?: string | null;
  resourceType?: string;
  resourceId?: string;
  patientId?: string | null;
  metadata?: Record<string, unknown>;
  source?: 'server' | 'client';
  occurredAt?: Date;
}

/** Writes audit entries: who touched whose data and security events, never the data itself. */
export class Audit {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  private row(entry: AuditEntry, request?: FastifyRequest) {
    const userAgent = request?.headers['user-agent'];
    return {
      action: entry.action,
      actorId: entry.actorId ?? request?.auth?.sub ?? null,
      actorRole: entry.actorRole ?? request?.auth?.role ?? null,
      resourceType: entry.resourceType ?? null,
      resourceId: entry.resourceId ?? null,
      patientId: entry.patientId ?? null,
      source: entry.source ?? 'server',
      metadata: cutAuditMetadata(entry.metadata),
      ip: request?.ip ?? null,
      // Headers skip the input edge; HTTP parsers refuse NUL, other transports may not.
      userAgent: userAgent === undefined ? null : storableText(userAgent.slice(0, 200)),
      requestId: request?.id ?? null,
      occurredAt: entry.occurredAt ?? new Date(),
    };
  }

  /** Records entries; a failure to audit is logged and never breaks the caller's request. */
  async record(entries: AuditEntry | AuditEntry[], request?: FastifyRequest): Promise<void> {
    const list = Array.isArray(entries) ? entries : [entries];
    if (list.length === 0) return;
    try {
      await this.db.insert(auditLogs).values(list.map((e) => this.row(e, request)));
    } catch (error) {
      this.log.error({ err: error, actions: list.map((e) => e.action) }, 'audit write failed');
    }
  }
}
