import { summaryTableNames } from '@mindledger/domain';
import type { DocumentRow, MessageRow, ShareRow } from './repo.js';

export function presentMessage(row: MessageRow) {
  return { id: row.id, role: row.role, text: row.text, createdAt: row.createdAt.toISOString() };
}

/**
 * What a provider may see of a document's content: a weekly report's items lose their entry ids
 * (an entry made private later must leave no trace with a provider; decision 087).
 */
function providerContent(row: DocumentRow): Record<string, unknown> {
  if (row.kind !== 'weeklyReport') return row.content;
  const sections = Array.isArray(row.content.sections)
    ? (row.content.sections as Record<string, unknown>[])
    : [];
  return {
    ...row.content,
    sections: sections.map((s) => ({
      ...s,
      items: Array.isArray(s.items)
        ? (s.items as Record<string, unknown>[]).map((item) => ({ ...item, entryIds: [] }))
        : [],
    })),
  };
}

/**
 * A generated document; `sharedAt` when a provider reads it through a share. Only its owner learns
 * how many private entries it draws on (`privateEntriesUsed`, decision 103): a provider never gets
 * a count of them.
 */
export function presentDocument(row: DocumentRow, sharedAt?: Date) {
  return {
    id: row.id,
    _id: row.id,
    kind: row.kind,
    content: sharedAt ? providerContent(row) : row.content,
    model: row.model,
    promptVersion: row.promptVersion,
    source: row.source,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    generatedAt: row.generatedAt.toISOString(),
    ...(sharedAt ? { sharedAt: sharedAt.toISOString() } : { privateEntriesUsed: row.privateEntriesUsed }),
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
    /** How many private entries the client consented to share what the document says of. */
    privateEntriesConsented: share.privateEntriesConsented,
  };
}
