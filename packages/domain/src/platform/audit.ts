import { z } from 'zod';
import { cutTo } from '../sanitize/characters.js';

/** Actions that are flushed at once by the client and always recorded (Part 2 §7 Audit logging). */
export const criticalAuditActions = [
  'ACCESS_PHI',
  'EXPORT_DATA',
  'MODIFY_PATIENT_DATA',
  'SHARE_DASHBOARD',
  'REVOKE_ACCESS',
  'AUTHENTICATION_FAILURE',
  'AUTHORIZATION_FAILURE',
] as const;

export const auditActions = [
  ...criticalAuditActions,
  'LOGIN',
  'LOGOUT',
  'REGISTER',
  'ACCOUNT_ACTIVATED',
  'PASSWORD_RESET',
  'PASSWORD_CHANGED',
  'EMAIL_CHANGED',
  'TWO_FACTOR_CHANGED',
  'PROFILE_UPDATED',
  'ACCOUNT_DELETED',
  'USER_APPROVED',
  'USER_DELETED',
  'SESSION_TIMEOUT',
  'SECURITY_LOGOUT',
  'TOKEN_REUSE_DETECTED',
  'VIEW_PAGE',
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isCriticalAuditAction(action: string): boolean {
  return (criticalAuditActions as readonly string[]).includes(action);
}

/** Metadata values are cut at 100 characters. */
export const auditMetadataMaxChars = 100;
export const auditFlushIntervalMs = 5_000;
export const auditBatchMax = 100;

export function cutAuditMetadata(
  metadata: Record<string, unknown> | undefined,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  if (!metadata) return out;
  for (const [key, value] of Object.entries(metadata).slice(0, 20)) {
    // cutTo: a surrogate pair cut in two would make the jsonb insert fail and the entry be lost.
    const k = cutTo(key, 50);
    if (value === null || typeof value === 'number' || typeof value === 'boolean') out[k] = value;
    else if (typeof value === 'string') out[k] = cutTo(value, auditMetadataMaxChars);
    else out[k] = JSON.stringify(value ?? null).slice(0, auditMetadataMaxChars);
  }
  return out;
}

export const clientAuditEntrySchema = z.object({
  action: z.enum(auditActions),
  resourceType: z.string().trim().max(50).optional(),
  resourceId: z.string().trim().max(100).optional(),
  patientId: z.string().uuid().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  timestamp: z.string().max(40).optional(),
});
export type ClientAuditEntry = z.infer<typeof clientAuditEntrySchema>;

export const auditBatchSchema = z.object({
  logs: z.array(clientAuditEntrySchema).min(1).max(auditBatchMax),
});
