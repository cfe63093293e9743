import type { FastifyRequest } from 'fastify';
import { aiDocumentMessages, carePlanMessages, notesSummaryMessages } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { findUserById } from '../../platform/users.js';
import type { ClinicalNotesService } from '../clinical-notes/index.js';
import { notify } from '../notifications/index.js';
import { ClinicalDocumentsRepo, type ProviderShareRow, type ShareKind } from './repo.js';

export const providerShareMessages = {
  shared: 'Shared with your client.',
  withdrawn: 'Share withdrawn',
  notFound: 'Shared item not found',
  which: 'Choose a notes summary or a care plan to share.',
} as const;

const kindLabel: Record<ShareKind, string> = { notesSummary: 'a notes summary', carePlan: 'a care plan' };

/**
 * What a provider shares with their client (Part 2 §7 share-summary, shared-summaries, by a
 * provider): one version of a notes summary or care plan, frozen, so the client reads exactly what
 * was shared and nothing else of the provider's records. Only while connected, both ways.
 */
export class ProviderSharesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: ClinicalDocumentsRepo,
    private readonly notes: ClinicalNotesService,
  ) {}

  async share(
    request: FastifyRequest,
    actor: AccessClaims,
    body: { notesSummaryId?: string; carePlanId?: string },
  ): Promise<{ warning: boolean; message: string; share: ReturnType<typeof presentProviderShare> | null }> {
    const kind: ShareKind | null = body.notesSummaryId ? 'notesSummary' : body.carePlanId ? 'carePlan' : null;
    const itemId = body.notesSummaryId ?? body.carePlanId;
    if (!kind || !itemId) throw badRequest(providerShareMessages.which);
    const item =
      kind === 'notesSummary'
        ? await this.repo.summaryById(actor.sub, itemId)
        : await this.repo.planById(actor.sub, itemId);
    if (!item)
      throw notFound(kind === 'notesSummary' ? notesSummaryMessages.notFound : carePlanMessages.notFound);
    await this.notes.client(request, actor, item.patientId, 'provider_share');
    if (await this.repo.liveShare(kind, item.id, item.currentVersion))
      return { warning: true, message: aiDocumentMessages.alreadyShared, share: null };
    const provider = await findUserById(this.ctx.db, actor.sub);
    const now = this.ctx.clock.now();
    let row: ProviderShareRow;
    try {
      row = await this.repo.share({
        providerId: actor.sub,
        patientId: item.patientId,
        kind,
        itemId: item.id,
        version: item.currentVersion,
        createdAt: now,
      });
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if (e.code === '23505' || e.cause?.code === '23505')
        return { warning: true, message: aiDocumentMessages.alreadyShared, share: null };
      throw error;
    }
    const name = provider ? `${provider.firstName} ${provider.lastName}`.trim() : 'Your provider';
    await notify(this.ctx, item.patientId, {
      type: 'summary_shared',
      title: 'Your provider shared a document',
      message: `${name} shared ${kindLabel[kind]} with you.`,
      data: { url: `/user/from-providers?share=${row.id}` },
      key: `provider-share:${row.id}`,
    });
    await this.ctx.audit.record(
      {
        action: 'MODIFY_PATIENT_DATA',
        resourceType: 'provider_share',
        resourceId: row.id,
        patientId: item.patientId,
        metadata: { operation: 'share', kind },
      },
      request,
    );
    return {
      warning: false,
      message: providerShareMessages.shared,
      share: presentProviderShare({
        share: row,
        firstName: provider?.firstName ?? '',
        lastName: provider?.lastName ?? '',
      }),
    };
  }

  async withdraw(request: FastifyRequest, actor: AccessClaims, shareId: string): Promise<void> {
    const row = await this.repo.shareById(shareId);
    if (!row || row.providerId !== actor.sub || row.withdrawnAt)
      throw notFound(providerShareMessages.notFound);
    await this.notes.client(request, actor, row.patientId, 'provider_share');
    await this.repo.withdraw(row.id, this.ctx.clock.now());
  }

  /** The client's list: what their connected providers share with them now. */
  async sharedWithMe(patientId: string) {
    const rows = await this.repo.sharedWith(patientId);
    const reachable = await this.connectedProviders(
      patientId,
      rows.map((r) => r.share.providerId),
    );
    return rows.filter((r) => reachable.has(r.share.providerId)).map(presentProviderShare);
  }

  /** One shared item, exactly the version shared (the client's own view; 404 otherwise). */
  async sharedItem(actor: AccessClaims, shareId: string) {
    const row = await this.repo.shareById(shareId);
    if (!row || row.patientId !== actor.sub || row.withdrawnAt)
      throw notFound(providerShareMessages.notFound);
    const reachable = await this.connectedProviders(actor.sub, [row.providerId]);
    if (!reachable.has(row.providerId)) throw notFound(providerShareMessages.notFound);
    const provider = await findUserById(this.ctx.db, row.providerId);
    const base = presentProviderShare({
      share: row,
      firstName: provider?.firstName ?? '',
      lastName: provider?.lastName ?? '',
    });
    if (row.kind === 'notesSummary') {
      const v = await this.repo.summaryVersion(row.itemId, row.version);
      if (!v) throw notFound(providerShareMessages.notFound);
      return { ...base, noteSum: v.noteSum, jsonSummary: v.jsonSummary };
    }
    const v = await this.repo.planVersion(row.itemId, row.version);
    if (!v) throw notFound(providerShareMessages.notFound);
    return { ...base, carePlan: { ...v.content, isSigned: v.isSigned } };
  }

  private async connectedProviders(patientId: string, providerIds: string[]): Promise<Set<string>> {
    const unique = [...new Set(providerIds)];
    const checks = await Promise.all(unique.map((id) => this.ctx.policy.isConnected(id, patientId)));
    return new Set(unique.filter((_, i) => checks[i]));
  }
}

export function presentProviderShare(row: { share: ProviderShareRow; firstName: string; lastName: string }) {
  return {
    _id: row.share.id,
    id: row.share.id,
    kind: row.share.kind,
    itemId: row.share.itemId,
    version: row.share.version,
    providerId: row.share.providerId,
    providerName: `${row.firstName} ${row.lastName}`.trim(),
    sharedAt: row.share.createdAt.toISOString(),
  };
}
