import type { FastifyRequest } from 'fastify';
import {
  defaultSummaryRange,
  notesSummaryMarkup,
  notesSummaryMessages as msg,
  notesSummarySchema,
  summaryRangeDays,
  type NotesSummary,
  type SummaryRangeLabel,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { NotesSummaryInput } from '../../platform/ai/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { providerNow, type ClinicalNotesService } from '../clinical-notes/index.js';
import type { InitialJourneyService } from '../initial-journey/index.js';
import { clientFirstName, noteInput } from './inputs.js';
import { presentSummary } from './presenter.js';
import { ClinicalDocumentsRepo, type SummaryRow } from './repo.js';

const documentLabels: Record<string, string> = {
  therapistProfile: 'Target Therapist profile',
  interviewGuide: 'Target Therapist interview questions',
  emailTemplate: 'Therapeutic request email template',
  selfReflectionSummary: 'Self-Reflection Summary',
  weeklyReport: 'Weekly report',
  chatHistory: 'Initial Journey chat history',
};

/**
 * AI summaries of a client's notes (issue 15; docs/API-clinical-documents.md): generated over a
 * range from the provider's notes and what the client shares with them, then edited by hand or
 * refined; every version is kept and the newest is shown.
 */
export class NotesSummariesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: ClinicalDocumentsRepo,
    private readonly notes: ClinicalNotesService,
    private readonly journey: InitialJourneyService,
  ) {}

  private async input(
    actor: AccessClaims,
    patientId: string,
    start: string,
    end: string,
    today: string,
  ): Promise<NotesSummaryInput> {
    const [rows, journal, shared, firstName] = await Promise.all([
      this.notes.repo.inRange(actor.sub, patientId, start, end),
      this.repo.journalFigures(patientId, start, end),
      this.journey.shares.forProvider(actor.sub, patientId),
      clientFirstName(this.ctx, patientId),
    ]);
    const documents = shared
      .filter(({ share }) => {
        const day = share.createdAt.toISOString().slice(0, 10);
        return day >= start && day <= end;
      })
      .slice(0, 10)
      .map(({ share, document }) => ({
        id: share.id,
        label: `${documentLabels[document?.kind ?? share.kind] ?? 'Document'} (shared ${share.createdAt.toISOString().slice(0, 10)})`,
      }));
    return { clientFirstName: firstName, today, start, end, notes: rows.map(noteInput), journal, documents };
  }

  private async own(request: FastifyRequest, actor: AccessClaims, id: string): Promise<SummaryRow> {
    const row = await this.repo.summaryById(actor.sub, id);
    if (!row) {
      await this.ctx.audit.record(
        { action: 'AUTHORIZATION_FAILURE', resourceType: 'notes_summary', resourceId: id, patientId: null },
        request,
      );
      throw notFound(msg.notFound);
    }
    await this.notes.client(request, actor, row.patientId, 'notes_summary');
    return row;
  }

  async generate(
    request: FastifyRequest,
    actor: AccessClaims,
    body: { patientId: string; range?: SummaryRangeLabel; startDate?: string; endDate?: string },
    signal: AbortSignal,
  ) {
    await this.notes.client(request, actor, body.patientId, 'notes_summary');
    const { today } = await providerNow(this.ctx, actor.sub);
    const preset = summaryRangeDays(body.range ?? defaultSummaryRange, today);
    const start = body.startDate ?? preset.start;
    const end = body.endDate ?? today;
    if (start > end) throw badRequest(msg.rangeOrder);
    const input = await this.input(actor, body.patientId, start, end, today);
    if (input.notes.length === 0) throw badRequest(msg.nothingToSummarise);
    const generated = await this.ctx.ai.generate({ kind: 'notesSummary', input, signal });
    const now = this.ctx.clock.now();
    const { summary, version } = await this.repo.transaction((tx) =>
      this.repo.insertSummary(
        tx,
        {
          providerId: actor.sub,
          patientId: body.patientId,
          rangeStart: start,
          rangeEnd: end,
          createdAt: now,
          updatedAt: now,
        },
        {
          noteSum: notesSummaryMarkup(generated.document),
          jsonSummary: generated.document as unknown as Record<string, unknown>,
          editMode: 'generated',
          model: generated.model,
          createdBy: actor.sub,
          createdAt: now,
        },
      ),
    );
    await this.modified(request, summary, 'generate');
    return presentSummary(summary, version, [], await this.repo.summaryHistory(summary.id));
  }

  private async modified(request: FastifyRequest, row: SummaryRow, operation: string) {
    await this.ctx.audit.record(
      {
        action: 'MODIFY_PATIENT_DATA',
        resourceType: 'notes_summary',
        resourceId: row.id,
        patientId: row.patientId,
        metadata: { operation },
      },
      request,
    );
  }

  async list(request: FastifyRequest, actor: AccessClaims, patientId: string, limit: number) {
    await this.notes.client(request, actor, patientId, 'notes_summary');
    const rows = await this.repo.summariesOf(actor.sub, patientId, limit);
    const shares = await this.repo.sharesOf(rows.map((r) => r.summary.id));
    return rows.map((r) => presentSummary(r.summary, r.version, shares));
  }

  async get(request: FastifyRequest, actor: AccessClaims, id: string, version?: number) {
    const row = await this.own(request, actor, id);
    const v = await this.repo.summaryVersion(row.id, version ?? row.currentVersion);
    if (!v) throw notFound(msg.notFound);
    const [shares, history] = await Promise.all([
      this.repo.sharesOf([row.id]),
      this.repo.summaryHistory(row.id),
    ]);
    return presentSummary(row, v, shares, history);
  }

  /**
   * update-patient-notes-summary: a hand edit (noteSum and/or jsonSummary) or a refinement
   * ('shorter', 'focus on sleep') of the current version; either adds a version.
   */
  async update(
    request: FastifyRequest,
    actor: AccessClaims,
    id: string,
    body: {
      noteSum?: string;
      jsonSummary?: NotesSummary;
      editMode: 'manual' | 'refine';
      refinmentDetails?: string;
    },
    signal: AbortSignal,
  ) {
    const row = await this.own(request, actor, id);
    const current = await this.repo.summaryVersion(row.id, row.currentVersion);
    if (!current) throw notFound(msg.notFound);
    const previous = notesSummarySchema.parse(current.jsonSummary);
    let noteSum: string;
    let json: NotesSummary;
    let model = 'manual';
    if (body.editMode === 'refine') {
      if (!body.refinmentDetails) throw badRequest(msg.refinementRequired);
      const { today } = await providerNow(this.ctx, actor.sub);
      const input = await this.input(actor, row.patientId, row.rangeStart, row.rangeEnd, today);
      input.refine = { previous, instruction: body.refinmentDetails };
      const generated = await this.ctx.ai.generate({ kind: 'notesSummary', input, signal });
      json = generated.document;
      noteSum = notesSummaryMarkup(json);
      model = generated.model;
    } else {
      if (!body.noteSum && !body.jsonSummary) throw badRequest(msg.summaryRequired);
      json = body.jsonSummary ?? previous;
      noteSum = body.noteSum ?? notesSummaryMarkup(json);
    }
    const now = this.ctx.clock.now();
    await this.repo.transaction(async (tx) => {
      const locked = await this.repo.lockSummary(tx, row.id);
      if (!locked) throw notFound(msg.notFound);
      return this.repo.addSummaryVersion(
        tx,
        locked,
        {
          noteSum,
          jsonSummary: json as unknown as Record<string, unknown>,
          editMode: body.editMode,
          refinementDetails: body.editMode === 'refine' ? (body.refinmentDetails ?? null) : null,
          model,
          createdBy: actor.sub,
          createdAt: now,
        },
        now,
      );
    });
    await this.modified(request, row, body.editMode === 'refine' ? 'refine' : 'edit');
    const updated = await this.get(request, actor, id);
    return { summary: updated, message: body.editMode === 'refine' ? msg.refined : msg.updated };
  }
}
