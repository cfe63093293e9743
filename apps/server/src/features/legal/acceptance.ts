import type { FastifyRequest } from 'fastify';
import {
  acceptanceDocumentIds,
  aiServiceName,
  legalDocumentIds,
  legalDocuments,
  legalMessages,
  type AcceptanceDocumentId,
  type AcceptedDocumentView,
  type AcceptLegalInput,
  type LegalDocumentId,
  type LegalPublicInfo,
  type PendingDocumentView,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { demoAccounts } from '../../seed.js';
import { conflict } from '../../platform/errors.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { legalRepo, type AcceptanceRow, type AcceptanceToRecord } from './repo.js';

export interface AcceptanceStatus {
  /** The documents whose current version the user has not accepted: the app asks before going on. */
  pending: PendingDocumentView[];
  /** Every version accepted, newest first. */
  accepted: AcceptedDocumentView[];
}

/** A document as GET legal/documents lists it. */
export interface PublicDocument {
  document: LegalDocumentId;
  title: string;
  version: string;
  effectiveDate: string;
  requiresAcceptance: boolean;
  path: string;
}

const isAcceptanceDocument = (id: LegalDocumentId): id is AcceptanceDocumentId =>
  (acceptanceDocumentIds as readonly string[]).includes(id);

/** The version of each document to accept now (the registry's, or the test override). */
export function currentVersions(ctx: AppContext): Record<AcceptanceDocumentId, string> {
  return ctx.config.legal.currentVersions;
}

/** The current version of every document to accept, as recorded with an acceptance. */
function currentDocuments(ctx: AppContext): AcceptanceToRecord[] {
  const versions = currentVersions(ctx);
  return acceptanceDocumentIds.map((document) => ({
    document,
    version: versions[document],
    sha256: legalDocuments[document].sha256,
  }));
}

/**
 * Records that a new account accepted the current Terms of Service and Privacy Policy, in the
 * registration's transaction, with its audit row (the address and browser it came from).
 */
export async function recordRegistrationAcceptance(
  ctx: AppContext,
  tx: Executor,
  user: { id: string; role: string },
  request: FastifyRequest,
): Promise<void> {
  const documents = currentDocuments(ctx);
  await legalRepo.recordAcceptances(tx, user.id, documents, 'registration', ctx.clock.now());
  await ctx.audit.record(
    {
      action: 'LEGAL_DOCUMENTS_ACCEPTED',
      actorId: user.id,
      actorRole: user.role,
      resourceType: 'legal_document',
      metadata: {
        context: 'registration',
        ...Object.fromEntries(documents.map((d) => [d.document, d.version])),
      },
    },
    request,
    tx,
  );
}

/**
 * The three demo accounts (seeded when SEED_DEMO is on) accept the current versions at
 * start, so the demo is never held up by them; a new version is accepted for them at the next start.
 */
export async function seedDemoAcceptance(ctx: AppContext): Promise<void> {
  const emails = demoAccounts.map((account) => account.email);
  const demo = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  const documents = currentDocuments(ctx);
  for (const { id } of demo)
    await legalRepo.recordAcceptances(ctx.db, id, documents, 'demo', ctx.clock.now());
}

/**
 * The legal documents and their acceptance (issue 17; decision 094): the public facts a legal page
 * needs, what a signed-in user still has to accept, and the acceptance itself.
 */
export class LegalService {
  constructor(private readonly ctx: AppContext) {}

  /** GET legal/documents: current versions, the privacy contact and the AI processing in use. */
  publicInfo(): LegalPublicInfo & { documents: PublicDocument[] } {
    const { legal, ai } = this.ctx.config;
    const versions = currentVersions(this.ctx);
    return {
      documents: legalDocumentIds.map((id) => {
        const info = legalDocuments[id];
        return {
          document: id,
          title: info.title,
          version: isAcceptanceDocument(id) ? versions[id] : info.version,
          effectiveDate: info.effectiveDate,
          requiresAcceptance: info.requiresAcceptance,
          path: info.path,
        };
      }),
      privacyEmail: legal.privacyEmail,
      privacyPostalAddress: legal.privacyPostalAddress ?? null,
      // The local engine answers unless both are set (README, OPENAI_BASE_URL).
      aiProcessing:
        ai.baseUrl && ai.model
          ? { thirdParty: true, model: ai.model, service: aiServiceName(ai.baseUrl) }
          : { thirdParty: false },
    };
  }

  async status(userId: string): Promise<AcceptanceStatus> {
    const rows = await legalRepo.acceptances(this.ctx.db, userId);
    return this.present(rows);
  }

  private present(rows: AcceptanceRow[]): AcceptanceStatus {
    const versions = currentVersions(this.ctx);
    const isCurrent = (row: Pick<AcceptanceRow, 'document' | 'version'>) =>
      versions[row.document] === row.version;
    return {
      pending: acceptanceDocumentIds
        .filter((document) => !rows.some((row) => row.document === document && isCurrent(row)))
        .map((document) => ({
          document,
          title: legalDocuments[document].title,
          version: versions[document],
          effectiveDate: legalDocuments[document].effectiveDate,
        })),
      accepted: rows.map((row) => ({
        document: row.document,
        title: legalDocuments[row.document].title,
        version: row.version,
        acceptedAt: row.acceptedAt.toISOString(),
        current: isCurrent(row),
      })),
    };
  }

  /**
   * POST legal/accept: the user accepts the versions they read. Only the current version of a
   * document can be accepted (409 otherwise: the page was read before a new version came).
   */
  async accept(request: FastifyRequest, actor: AccessClaims, input: AcceptLegalInput) {
    const versions = currentVersions(this.ctx);
    const stale = input.documents.find((d) => versions[d.document] !== d.version.trim());
    if (stale) throw conflict(legalMessages.versionNotCurrent);
    const documents = input.documents.map((d) => ({
      document: d.document,
      version: versions[d.document],
      sha256: legalDocuments[d.document].sha256,
    }));
    return this.ctx.db.transaction(async (tx) => {
      await legalRepo.recordAcceptances(tx, actor.sub, documents, 'update', this.ctx.clock.now());
      await this.ctx.audit.record(
        {
          action: 'LEGAL_DOCUMENTS_ACCEPTED',
          resourceType: 'legal_document',
          metadata: {
            context: 'update',
            ...Object.fromEntries(documents.map((d) => [d.document, d.version])),
          },
        },
        request,
        tx,
      );
      return this.present(await legalRepo.acceptances(tx, actor.sub));
    });
  }
}
