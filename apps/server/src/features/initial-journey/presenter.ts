import { summaryTableNames } from '@mindledger/domain';
import type { DocumentRow, MessageRow, ShareRow } from './repo.js';

export function presentMessage(row: MessageRow) {
  return { id: row.id, role: row.role, text: row.text, createdAt: row.createdAt.toISOString() };
}

/** A generated document; `sharedAt` when a provider reads it through a share. */
export function presentDocument(row: DocumentRow, sharedAt?: Date) {
  return {
    id: row.id,
    _id: row.id,
    kind: row.kind,
    content: row.content,
    model: row.model,
    promptVersion: row.promptVersion,
    source: row.source,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    generatedAt: row.generatedAt.toISOString(),
    ...(sharedAt ? { sharedAt: sharedAt.toISOString() } : {}),
  };
}

export function presentShare({
  share,
  provider,
}: {
  share: ShareRow;
  provider: { firstName: string; lastName: string; email: string };
}) {
  return {
    id: share.id,
    kind: share.kind,
    summaryTableName: share.kind === 'weeklyReport' ? null : summaryTableNames[share.kind],
    documentId: share.documentId,
    doctorName: `${provider.firstName} ${provider.lastName}`.trim(),
    doctorEmail: provider.email,
    sharedAt: share.createdAt.toISOString(),
  };
}
