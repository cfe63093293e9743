import type { FastifyRequest } from 'fastify';
import {
  aiDocumentMessages,
  aiDocumentSchemas,
  assessRisk,
  documentBlocks,
  documentTitle,
  privateEntriesSharing,
  safetyNotice,
  sanitizeText,
  summaryTableNames,
  type AiDocumentKind,
  type SafetyNotice,
  type SharedSummaryKind,
  type SummaryTableName,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { localReply, type AiChatRequest } from '../../platform/ai/index.js';
import { crisisResourcesOfUser } from '../../platform/crisis-resources.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { pdfFileName, renderPdf } from '../../platform/pdf.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { findUserById } from '../../platform/users.js';
import type { BillingService } from '../billing/index.js';
import { notify } from '../notifications/index.js';
import { cleanDocument } from './clean.js';
import { journeyInput } from './input.js';
import { presentDocument, presentMessage, presentShare } from './presenter.js';
import {
  DocumentsRepo,
  JourneyRepo,
  SharesRepo,
  journeyKinds,
  type JourneyKind,
  type MessageRow,
} from './repo.js';

/** A conversation is at most this many messages (50 answers); then the client generates or starts over. */
export const maxJourneyMessages = 100;
export const conversationPageMax = 100;

export const generatedMessages: Record<JourneyKind, string> = {
  therapistProfile: 'Target therapist profile generated successfully',
  interviewGuide: 'Interview questions generated successfully',
  emailTemplate: 'Email template generated successfully',
  selfReflectionSummary: 'Self-reflection summary generated successfully',
};

export const journeyMessages = {
  answerFirst: 'Please answer a few questions in the Initial Journey chat first.',
  complete: 'This conversation is complete. Generate your documents or start over.',
  busy: 'Please wait for the reply before sending another message.',
  shared: 'Summary shared successfully',
  withdrawn: 'Share withdrawn',
  reset: 'Your Initial Journey has been reset',
  noProvider: 'No connected provider with that email',
  notGenerated: 'Generate this document before sharing it',
} as const;

const byTableName = new Map(
  (Object.entries(summaryTableNames) as [SharedSummaryKind, SummaryTableName][]).map(([kind, name]) => [
    name,
    kind,
  ]),
);

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

const label = 'Initial Journey';

/**
 * The Initial Journey (issue 14): the guided conversation, the four documents made from it, and
 * their sharing with connected providers. Generating is a Standard feature; reading and sharing
 * what was made stays available on any plan.
 */
export class InitialJourneyService {
  readonly journey: JourneyRepo;
  readonly documents: DocumentsRepo;
  readonly shares: SharesRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly billing: BillingService,
  ) {
    this.journey = new JourneyRepo(ctx.db);
    this.documents = new DocumentsRepo(ctx.db);
    this.shares = new SharesRepo(ctx.db);
  }

  private now(): Date {
    return this.ctx.clock.now();
  }

  private async patient(userId: string) {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** One turn: the client's answer and the guide's next question, saved together. */
  async converse(
    userId: string,
    message: string,
    signal: AbortSignal,
  ): Promise<{ reply: string; safety: SafetyNotice; messages: ReturnType<typeof presentMessage>[] }> {
    await this.billing.requireFeature(userId, 'initial-journey', label);
    message = sanitizeText(message, { normalizeWhitespace: false }).trim();
    if (!message) throw badRequest('Please enter a message');
    const [user, history] = await Promise.all([
      this.patient(userId),
      this.journey.all(userId, maxJourneyMessages + 1),
    ]);
    if (history.length + 2 > maxJourneyMessages) throw badRequest(journeyMessages.complete);
    const risk = assessRisk(message);
    const resources = risk.level === 'none' ? undefined : await crisisResourcesOfUser(this.ctx, userId);
    const request: AiChatRequest = {
      messages: [...history.map((m) => ({ role: m.role, text: m.text })), { role: 'user', text: message }],
      context: {
        firstName: user.firstName,
        mode: 'initial-journey',
        ...(resources ? { crisisHelp: resources.lines.join(' ') } : {}),
      },
      signal,
    };
    // Ruling 12: a crisis is answered by the built-in words whatever engine is configured.
    const reply = sanitizeText(
      risk.level === 'crisis' ? localReply(request) : await this.ctx.ai.complete(request),
      { normalizeWhitespace: false },
    ).trim();
    try {
      await this.ctx.db.transaction((tx) =>
        this.journey.append(tx, userId, [
          { role: 'user', text: message },
          { role: 'assistant', text: reply },
        ]),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(journeyMessages.busy);
      throw error;
    }
    const saved = await this.journey.page(userId, 0, 2);
    return { reply, safety: safetyNotice(risk.level, resources), messages: saved.map(presentMessage) };
  }

  /**
   * The conversation: pages counted from the newest (page 1 = the latest `limit` messages), each
   * in reading order; `all` answers the whole of it. The client's own, or a provider's when the
   * client shares the chat history with them.
   */
  async conversation(
    request: FastifyRequest,
    actor: AccessClaims,
    q: { page: number; limit: number; all: boolean; patientId?: string },
  ) {
    const patientId = await this.readable(request, actor, q.patientId, 'chatHistory');
    const total = await this.journey.messageCount(patientId);
    const rows: MessageRow[] = q.all
      ? await this.journey.all(patientId, maxJourneyMessages)
      : await this.journey.page(patientId, (q.page - 1) * q.limit, q.limit);
    return {
      messages: rows.map(presentMessage),
      total,
      page: q.all ? 1 : q.page,
      hasNext: !q.all && q.page * q.limit < total,
    };
  }

  /**
   * Whose Initial Journey the actor reads: a patient their own; a provider a client's, and only
   * what that client shares with them (`kind`), while connected. Anything else is 404, audited.
   */
  private async readable(
    request: FastifyRequest,
    actor: AccessClaims,
    patientId: string | undefined,
    kind: SharedSummaryKind,
  ): Promise<string> {
    const scope = await this.ctx.policy.readScope(request, actor, patientId, 'initial_journey');
    if (actor.role === 'patient') return scope.patientId;
    const shared = await this.shares.forProvider(actor.sub, scope.patientId);
    if (!shared.some((s) => s.share.kind === kind)) throw notFound();
    return scope.patientId;
  }

  async reset(userId: string): Promise<void> {
    await this.ctx.db.transaction((tx) => this.journey.reset(tx, userId));
  }

  /** Generates one document from the conversation (Standard). */
  async generate(userId: string, kind: JourneyKind, signal?: AbortSignal) {
    await this.billing.requireFeature(userId, 'initial-journey', label);
    const [user, messages] = await Promise.all([
      this.patient(userId),
      this.journey.all(userId, maxJourneyMessages),
    ]);
    if (!messages.some((m) => m.role === 'user')) throw badRequest(journeyMessages.answerFirst);
    const { input, privateEntriesUsed } = await journeyInput(this.ctx.db, user, messages, this.now(), kind);
    const generated = await this.ctx.ai.generate({ kind, input, signal });
    const content = cleanDocument(kind, generated.document) as unknown as Record<string, unknown>;
    const row = await this.ctx.db.transaction((tx) =>
      this.documents.insert(tx, {
        patientId: userId,
        kind,
        content,
        model: generated.model,
        promptVersion: generated.promptVersion,
        generatedAt: generated.generatedAt,
        privateEntriesUsed,
      }),
    );
    return { message: generatedMessages[kind], document: presentDocument(row) };
  }

  /** All four, one after the other (`generate-initial-assessment`). */
  async generateAll(userId: string, signal?: AbortSignal) {
    const documents = [];
    for (const kind of journeyKinds) documents.push((await this.generate(userId, kind, signal)).document);
    return documents;
  }

  /**
   * The accordion's contents (`get-initial-journey-childs`): for the client, the newest document of
   * each kind, the size of the conversation and their live shares; for a provider, what the client
   * shares with them.
   */
  async sections(request: FastifyRequest, actor: AccessClaims, patientId: string | undefined) {
    const scope = await this.ctx.policy.readScope(request, actor, patientId, 'initial_journey');
    if (actor.role === 'patient') {
      const [latest, messageCount, shares] = await Promise.all([
        this.documents.latest(scope.patientId, journeyKinds),
        this.journey.messageCount(scope.patientId),
        this.shares.ofPatient(scope.patientId),
      ]);
      return {
        documents: Object.fromEntries(
          journeyKinds.map((kind) => [kind, latest.has(kind) ? presentDocument(latest.get(kind)!) : null]),
        ),
        chatHistory: { messageCount },
        shares: shares.map(presentShare),
      };
    }
    const shared = await this.shares.forProvider(actor.sub, scope.patientId);
    const documents: Record<string, ReturnType<typeof presentDocument> | null> = Object.fromEntries(
      journeyKinds.map((kind) => [kind, null]),
    );
    for (const { share, document } of shared) {
      if (!document || !(journeyKinds as readonly string[]).includes(document.kind)) continue;
      const current = documents[document.kind];
      if (!current || current.generatedAt < document.generatedAt.toISOString())
        documents[document.kind] = presentDocument(document, share.createdAt);
    }
    const chatShared = shared.some((s) => s.share.kind === 'chatHistory');
    return {
      documents,
      chatHistory: {
        messageCount: chatShared ? await this.journey.messageCount(scope.patientId) : 0,
        shared: chatShared,
      },
      shares: [],
    };
  }

  /** The newest document of a kind, the client's own or one shared with the provider. */
  async latestOf(
    request: FastifyRequest,
    actor: AccessClaims,
    patientId: string | undefined,
    kind: JourneyKind,
  ) {
    const sections = await this.sections(request, actor, patientId);
    return (sections.documents as Record<string, ReturnType<typeof presentDocument> | null>)[kind] ?? null;
  }

  /** A client's therapist profiles ("client profiles"), newest first. */
  async clientProfiles(request: FastifyRequest, actor: AccessClaims, patientId: string, limit: number) {
    const scope = await this.ctx.policy.readScope(request, actor, patientId, 'initial_journey');
    if (actor.role === 'patient') {
      const rows = await this.documents.listOfKind(scope.patientId, 'therapistProfile', limit);
      return rows.map((r) => presentDocument(r));
    }
    const shared = await this.shares.forProvider(actor.sub, scope.patientId);
    return shared
      .flatMap(({ share, document }) =>
        document?.kind === 'therapistProfile' ? [presentDocument(document, share.createdAt)] : [],
      )
      .slice(0, limit);
  }

  /** One document by id: its owner's, or a provider's it is shared with (else 404, audited). */
  async documentById(request: FastifyRequest, actor: AccessClaims, id: string, kind?: AiDocumentKind) {
    const row = await this.documents.byId(id);
    if (!row || (kind && row.kind !== kind)) throw notFound();
    if (actor.role === 'patient' && row.patientId === actor.sub) return presentDocument(row);
    if (actor.role === 'provider') {
      const shared = await this.shares.forProvider(actor.sub, row.patientId);
      const share = shared.find((s) => s.share.documentId === row.id);
      if (share) {
        await this.ctx.audit.record(
          { action: 'ACCESS_PHI', resourceType: 'ai_document', resourceId: row.id, patientId: row.patientId },
          request,
        );
        return presentDocument(row, share.share.createdAt);
      }
    }
    await this.ctx.audit.record(
      { action: 'AUTHORIZATION_FAILURE', resourceType: 'ai_document', resourceId: id, patientId: null },
      request,
    );
    throw notFound();
  }

  /**
   * A document of the client's as a PDF (Part 2 §2 Download PDF): providers read shared documents on
   * screen and get no PDF (§6). A stored document that no longer fits its shape is 404 here too.
   */
  async pdf(userId: string, id: string): Promise<{ file: Buffer; fileName: string }> {
    const row = await this.documents.byId(id);
    if (!row || row.patientId !== userId) throw notFound();
    const parsed = aiDocumentSchemas[row.kind].safeParse(row.content);
    if (!parsed.success) throw notFound();
    const title = documentTitle(row.kind, parsed.data as never);
    const file = await renderPdf(documentBlocks(row.kind, parsed.data as never), {
      title,
      disclaimer: aiDocumentMessages.disclaimer,
    });
    return { file, fileName: pdfFileName(title) };
  }

  /** The client's Initial Journey conversation as a PDF. */
  async chatPdf(userId: string): Promise<{ file: Buffer; fileName: string }> {
    const messages = await this.journey.all(userId, maxJourneyMessages);
    if (messages.length === 0) throw notFound();
    const lines = messages.map((m) => ({ role: m.role, text: m.text }));
    const title = documentTitle('chatHistory', lines);
    const file = await renderPdf(documentBlocks('chatHistory', lines), {
      title,
      disclaimer: aiDocumentMessages.disclaimer,
    });
    return { file, fileName: pdfFileName(title) };
  }

  /** The client edits their therapist profile; the edit is cleaned and must keep the shape. */
  async updateProfile(userId: string, id: string, clientProfile: unknown) {
    const content = cleanDocument('therapistProfile', clientProfile) as unknown as Record<string, unknown>;
    const row = await this.documents.byId(id);
    if (!row || row.patientId !== userId || row.kind !== 'therapistProfile') throw notFound();
    const updated = await this.documents.updateContent(userId, id, content);
    if (!updated) throw notFound();
    return presentDocument(updated);
  }

  /**
   * Shares a document (its newest version, or `documentId`) or the chat history with a provider
   * whose invitation is accepted; a repeat is a warning, not an error. The provider is told in-app.
   * A document that draws on private entries is shared only with `includesPrivateEntriesConsent`
   * (else 409 PRIVATE_ENTRIES_CONSENT_REQUIRED, nothing shared); the consent is recorded on the share
   * and in the client's access history (PRIVATE_ENTRIES_SHARED), in the share's transaction
   * (decision 103).
   */
  async share(
    request: FastifyRequest,
    userId: string,
    input: {
      doctorEmail?: string;
      summaryTableName: SummaryTableName;
      documentId?: string;
      includesPrivateEntriesConsent?: boolean;
    },
  ): Promise<{ warning: boolean; message: string; share?: ReturnType<typeof presentShare> }> {
    if (!input.doctorEmail) throw badRequest(aiDocumentMessages.selectProvider);
    const kind = byTableName.get(input.summaryTableName);
    if (!kind) throw badRequest('Unknown summary');
    const provider = await this.shares.connectedProviderByEmail(userId, input.doctorEmail);
    if (!provider) throw badRequest(journeyMessages.noProvider);
    let documentId: string | null = null;
    let privateEntries = 0;
    if (kind !== 'chatHistory') {
      const document = input.documentId
        ? await this.documents.byId(input.documentId)
        : (await this.documents.latest(userId, [kind])).get(kind);
      if (!document || document.patientId !== userId || document.kind !== kind)
        throw input.documentId ? notFound() : badRequest(journeyMessages.notGenerated);
      documentId = document.id;
      privateEntries = document.privateEntriesUsed;
    } else if ((await this.journey.messageCount(userId)) === 0) {
      throw badRequest(journeyMessages.notGenerated);
    }
    if (privateEntries > 0 && input.includesPrivateEntriesConsent !== true)
      throw new AppError(
        'PRIVATE_ENTRIES_CONSENT_REQUIRED',
        privateEntriesSharing.consentRequired(privateEntries),
        {
          details: { privateEntries },
        },
      );
    const user = await this.patient(userId);
    const recordConsent = (tx: Executor, share: { id: string }) =>
      this.ctx.audit.record(
        {
          action: 'PRIVATE_ENTRIES_SHARED',
          resourceType: kind,
          resourceId: documentId ?? undefined,
          patientId: userId,
          metadata: { providerId: provider.id, shareId: share.id, privateEntries },
        },
        request,
        tx,
      );
    const share = await this.ctx.db.transaction(async (tx) => {
      const row = await this.shares.insert(tx, userId, provider.id, kind, documentId, privateEntries);
      if (!row) {
        // Live already, shared before the client consented (decision 103): the consent opens it.
        const raised =
          documentId && privateEntries > 0
            ? await this.shares.raiseConsent(tx, userId, provider.id, documentId, privateEntries)
            : null;
        if (raised) await recordConsent(tx, raised);
        return raised;
      }
      if (privateEntries > 0) await recordConsent(tx, row);
      await notify(
        this.ctx,
        provider.id,
        {
          type: 'summary_shared',
          title: 'Summary shared with you',
          message: `${user.firstName} ${user.lastName} shared an Initial Journey summary with you.`,
          data: { clientId: userId, url: `/provider/patient-overview/${userId}?tab=summaries` },
          key: `summary-shared:${row.id}`,
        },
        tx,
      );
      return row;
    });
    if (!share) return { warning: true, message: aiDocumentMessages.alreadyShared };
    return {
      warning: false,
      message: journeyMessages.shared,
      share: presentShare({ share, provider }),
    };
  }

  async withdraw(userId: string, shareId: string): Promise<void> {
    const row = await this.shares.withdraw(userId, shareId, this.now());
    if (!row) throw notFound();
  }

  /** The provider's Summaries tab: what the client shares with them now (ACCESS_PHI audited). */
  async sharedWithProvider(request: FastifyRequest, actor: AccessClaims, patientId: string) {
    const scope = await this.ctx.policy.readScope(request, actor, patientId, 'shared_summaries');
    if (actor.role === 'patient') {
      return (await this.shares.ofPatient(scope.patientId)).map(presentShare);
    }
    const shared = await this.shares.forProvider(actor.sub, scope.patientId);
    return shared.map(({ share, document }) => ({
      id: share.id,
      kind: share.kind,
      summaryTableName: share.kind === 'weeklyReport' ? null : summaryTableNames[share.kind],
      sharedAt: share.createdAt.toISOString(),
      document: document ? presentDocument(document, share.createdAt) : null,
    }));
  }
}
