import { z } from 'zod';
import { cutTo } from '../sanitize/characters.js';
import { storableText } from '../sanitize/storable.js';

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
  'PROMO_CODE_CREATED',
  'PROMO_CODE_UPDATED',
  'PROMO_CODE_DELETED',
  'PROMO_CODE_EXPORTED',
  'SUBSCRIPTION_STATUS_CHANGED',
  'IMPORTANT_UPDATE_CREATED',
  'IMPORTANT_UPDATE_WITHDRAWN',
  'SESSION_TIMEOUT',
  'SECURITY_LOGOUT',
  'TOKEN_REUSE_DETECTED',
  'VIEW_PAGE',
  'LEGAL_DOCUMENTS_ACCEPTED',
  'RESEARCH_CONSENT_CHANGED',
  'MARKETING_AUTHORIZATION_GRANTED',
  'MARKETING_AUTHORIZATION_REVOKED',
  /** A client shared a document that draws on private entries, consenting to it (decision 103). */
  'PRIVATE_ENTRIES_SHARED',
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isCriticalAuditAction(action: string): boolean {
  return (criticalAuditActions as readonly string[]).includes(action);
}

/** Metadata values are cut at 100 characters. */
export const auditMetadataMaxChars = 100;
export const auditFlushIntervalMs = 5_000;
export const auditBatchMax = 100;
/** A metadata value nested deeper than this cannot be stored: the client feed refuses its entry. */
export const auditMetadataMaxDepth = 4;

/**
 * What the web app may report of its user's own actions (POST /api/audit-logs): what it sees in the
 * browser. Events only the server can know (logins, password changes, approvals…) are never taken
 * from a client.
 */
export const clientAuditActions = [
  ...criticalAuditActions,
  'VIEW_PAGE',
  'SESSION_TIMEOUT',
  'SECURITY_LOGOUT',
] as const satisfies readonly AuditAction[];
export type ClientAuditAction = (typeof clientAuditActions)[number];

/** A text an audit row can store: storable (no NUL, no unpaired surrogate) and at most `max` long. */
export function auditText(text: string, max: number): string {
  return cutTo(storableText(text), max);
}

/** How deep a JSON value nests (walked without recursion; stops counting past `limit`). */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export type AuditMetadata = Record<string, string | number | boolean | null>;

/**
 * Flat metadata an audit row can always store: at most 20 keys of 50 characters, numbers, booleans
 * and null as they are, strings cut at 100 characters, nested values serialised and cut. Values
 * nested deeper than auditMetadataMaxDepth are dropped (check `isStorableMetadata` first to refuse).
 */
export function cutAuditMetadata(metadata: Record<string, unknown> | undefined): AuditMetadata {
  const out: AuditMetadata = {};
  if (!metadata) return out;
  for (const [key, value] of Object.entries(metadata).slice(0, 20)) {
    const k = auditText(key, 50);
    if (value === null || typeof value === 'boolean') out[k] = value;
    else if (typeof value === 'number') out[k] = Number.isFinite(value) ? value : null;
    else if (typeof value === 'string') out[k] = auditText(value, auditMetadataMaxChars);
    else if (jsonDepth(value, auditMetadataMaxDepth) <= auditMetadataMaxDepth)
      out[k] = auditText(JSON.stringify(value ?? null), auditMetadataMaxChars);
  }
  return out;
}

/** Whether every metadata value can be stored (nothing nested deeper than the limit). */
export function isStorableMetadata(metadata: Record<string, unknown>): boolean {
  return jsonDepth(metadata, auditMetadataMaxDepth + 1) <= auditMetadataMaxDepth + 1;
}

/**
 * One entry of the client's audit feed. It describes the caller's own action: there is no subject
 * (patient) and no time in it; the server binds it to the caller and stamps it with its own clock.
 * Fields such as patientId, actorId or timestamp are not part of it and are dropped.
 */
export const clientAuditEntrySchema = z.object({
  action: z.enum(clientAuditActions, { error: 'Unknown audit action' }),
  resourceType: z.string().trim().max(50).optional(),
  resourceId: z.string().trim().max(100).optional(),
  metadata: z
    .record(z.string(), z.unknown())
    .refine(isStorableMetadata, `Metadata must not nest deeper than ${auditMetadataMaxDepth} levels`)
    .optional(),
});
export type ClientAuditEntry = z.infer<typeof clientAuditEntrySchema>;

/**
 * The batch: 1 to 100 objects. Each entry is then checked on its own, so one entry that cannot be
 * stored is refused (and counted) without losing the others.
 */
export const auditBatchSchema = z.object({
  logs: z.array(z.record(z.string(), z.unknown())).min(1).max(auditBatchMax),
});
