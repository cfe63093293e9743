import type { ClientAuditAction } from '@mindledger/domain';

export interface AuditDetails {
  resourceType?: string;
  resourceId?: string;
  metadata?: Record<string, unknown>;
}

type QueueModule = typeof import('./audit-queue');

let loading: Promise<QueueModule> | null = null;

// The queue module pulls in the domain's audit schema (and zod); it loads on the first entry so
// that screens which never audit keep it out of their first load.
function queueModule(): Promise<QueueModule> {
  loading ??= import('./audit-queue');
  return loading;
}

/**
 * Record an audit entry (Part 2 §7): queued and sent to POST /api/audit-logs every 5 s, at once
 * for critical actions; a failed flush puts the entries back.
 */
export function audit(action: ClientAuditAction, details?: AuditDetails): void {
  void queueModule().then(({ auditQueue }) => auditQueue.enqueue(action, details));
}

/** Sends what is queued now (before a logout drops the token). */
export async function flushAudit(): Promise<void> {
  if (!loading) return;
  const { auditQueue } = await loading;
  await auditQueue.flush();
}
