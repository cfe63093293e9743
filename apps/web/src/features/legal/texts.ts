import type { LegalDocumentId } from '@mindledger/domain';

/**
 * The legal texts (packages/domain/src/legal/texts), each its own lazily loaded asset: bundled
 * with the app, fetched only when a legal page, panel or modal shows it.
 */
const loaders: Record<LegalDocumentId, () => Promise<{ default: string }>> = {
  terms: () => import('@mindledger/domain/legal/texts/terms.md?raw'),
  privacy: () => import('@mindledger/domain/legal/texts/privacy.md?raw'),
  'hipaa-notice': () => import('@mindledger/domain/legal/texts/hipaa-notice.md?raw'),
  'marketing-authorization': () => import('@mindledger/domain/legal/texts/marketing-authorization.md?raw'),
};

export async function loadLegalText(id: LegalDocumentId): Promise<string> {
  return (await loaders[id]()).default;
}
