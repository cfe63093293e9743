import type { FastifyRequest } from 'fastify';
import {
  answersProblem,
  instruments,
  measureMessages,
  scoreMeasure,
  type AssignMeasureInput,
  type CrisisResources,
  type MeasureKind,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { crisisResourcesOfUser } from '../../platform/crisis-resources.js';
import type { InWrite } from '../../platform/idempotency.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { findUserById } from '../../platform/users.js';
import { notify, type NotificationsService } from '../notifications/index.js';
import { presentAssignment, presentResponse, presentSeries } from './presenter.js';
import { MeasuresRepo, type AssignmentRow } from './repo.js';

/** A measure response as completing it answers. */
export interface SavedResponse {
  response: ReturnType<typeof presentResponse>;
  safetyAlert: boolean;
  crisisResources: CrisisResources | null;
  safetyNotice: string | null;
  disclaimer: string;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Assignments told to their clients per claim of the tick. */
const DUE_BATCH = 200;

/** The start of the first cycle after `now` of an assignment every `everyWeeks` weeks. */
export function nextCycle(dueAt: Date, everyWeeks: number, now: Date): Date {
  const step = everyWeeks * WEEK_MS;
  const cycles = Math.max(1, Math.floor((now.getTime() - dueAt.getTime()) / step) + 1);
  return new Date(dueAt.getTime() + cycles * step);
}

/**
 * Measurement-based care (issue 16; docs/API-measures.md): a connected provider asks a client for a
 * PHQ-9 or GAD-7, once or every 1, 2 or 4 weeks; the client is told when each cycle begins and
 * answers in the app, or takes one on their own. Scores are stored with their answers; bands and
 * change flags are read from the instruments (decision 091). Any PHQ-9 item 9 answer above 0 shows
 * crisis resources at once and sends every connected provider an urgent notification.
 */
export class MeasuresService {
  readonly repo: MeasuresRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationsService,
  ) {
    this.repo = new MeasuresRepo(ctx.db);
  }

  private now(): Date {
    return this.ctx.clock.now();
  }

  private async modified(request: FastifyRequest, id: string, patientId: string, operation: string) {
    await this.ctx.audit.record(
      {
        action: 'MODIFY_PATIENT_DATA',
        resourceType: 'measure_assignment',
        resourceId: id,
        patientId,
        metadata: { operation },
      },
      request,
    );
  }

  private async refused(request: FastifyRequest, id: string): Promise<never> {
    await this.ctx.audit.record(
      {
        action: 'AUTHORIZATION_FAILURE',
        resourceType: 'measure_assignment',
        resourceId: id,
        patientId: null,
      },
      request,
    );
    throw notFound(measureMessages.assignmentNotFound);
  }

  /** `inWrite` runs last in the assignment's transaction (an idempotent route records its answer there). */
  async assign(
    request: FastifyRequest,
    actor: AccessClaims,
    input: Required<AssignMeasureInput>,
    inWrite?: InWrite<ReturnType<typeof presentAssignment>>,
  ) {
    await this.ctx.policy.assertPatientAccess(request, actor, input.patientId, 'measure_assignment');
    const live = await this.repo.liveAssignments(input.patientId);
    if (live.some((l) => l.assignment.providerId === actor.sub && l.assignment.kind === input.kind))
      throw conflict(measureMessages.alreadyAssigned);
    const now = this.now();
    const provider = await findUserById(this.ctx.db, actor.sub);
    const row = await this.repo.transaction(async (tx) => {
      const row = await this.repo.insertAssignment(tx, {
        patientId: input.patientId,
        providerId: actor.sub,
        kind: input.kind,
        everyWeeks: input.everyWeeks,
        dueAt: now,
        notifiedAt: now,
        createdAt: now,
      });
      await notify(this.ctx, row.patientId, this.assignedNotification(row, provider?.firstName), tx);
      await inWrite?.(tx, presentAssignment(row, provider ?? null, now));
      return row;
    });
    await this.modified(request, row.id, row.patientId, 'assign');
    return presentAssignment(row, provider ?? null, now);
  }

  private assignedNotification(
    row: Pick<AssignmentRow, 'id' | 'kind' | 'dueAt'>,
    providerFirstName?: string,
  ) {
    const who = providerFirstName ? `${providerFirstName} asked you` : 'Your provider asked you';
    return {
      type: 'measure_assigned' as const,
      title: 'A questionnaire is waiting for you',
      message: `${who} to complete the ${instruments[row.kind].shortName}. It takes about two minutes.`,
      data: { url: `/user/measures?assignment=${row.id}` },
      key: `measure-due:${row.id}:${row.dueAt.toISOString()}`,
    };
  }

  async stop(request: FastifyRequest, actor: AccessClaims, id: string) {
    const row = await this.repo.assignmentOfProvider(actor.sub, id);
    if (!row) return this.refused(request, id);
    const now = this.now();
    if (row.stoppedAt === null) {
      await this.repo.transaction((tx) => this.repo.stop(tx, row.id, now));
      await this.modified(request, row.id, row.patientId, 'stop');
    }
    return presentAssignment({ ...row, stoppedAt: row.stoppedAt ?? now }, null, now);
  }

  /** The client's own page: what is waiting, what comes back later, and their history. */
  async mine(actor: AccessClaims) {
    const now = this.now();
    const [live, history] = await Promise.all([
      this.repo.liveAssignments(actor.sub),
      this.repo.history(actor.sub),
    ]);
    return {
      assignments: live.map((l) => presentAssignment(l.assignment, l, now)),
      measures: presentSeries(history, true),
      disclaimer: measureMessages.notDiagnosis,
    };
  }

  /** A connected provider's view of a client's measures (ACCESS_PHI), answers included. */
  async ofClient(request: FastifyRequest, actor: AccessClaims, patientId: string) {
    await this.ctx.policy.assertPatientAccess(request, actor, patientId, 'measure_response');
    const now = this.now();
    const [live, history] = await Promise.all([
      this.repo.liveAssignments(patientId),
      this.repo.history(patientId),
    ]);
    return {
      assignments: live.map((l) => presentAssignment(l.assignment, l, now)),
      measures: presentSeries(history, true),
    };
  }

  /** The client answers an assigned measure's current cycle. */
  async complete(
    request: FastifyRequest,
    actor: AccessClaims,
    id: string,
    answers: Record<string, number>,
    inWrite?: InWrite<SavedResponse>,
  ) {
    const row = await this.repo.assignmentOfPatient(actor.sub, id);
    if (!row) return this.refused(request, id);
    const now = this.now();
    if (row.stoppedAt !== null) throw conflict(measureMessages.notOpen);
    if (row.dueAt > now) throw conflict(measureMessages.alreadyCompleted);
    return this.save(actor.sub, row.kind, answers, row, inWrite);
  }

  /** The client takes a measure on their own. */
  async selfTake(
    actor: AccessClaims,
    kind: MeasureKind,
    answers: Record<string, number>,
    inWrite?: InWrite<SavedResponse>,
  ) {
    return this.save(actor.sub, kind, answers, null, inWrite);
  }

  /** A response saved, as answered; `inWrite` runs last in its transaction. */
  private async save(
    patientId: string,
    kind: MeasureKind,
    answers: Record<string, number>,
    assignment: AssignmentRow | null,
    inWrite?: InWrite<SavedResponse>,
  ): Promise<SavedResponse> {
    const problem = answersProblem(instruments[kind], answers);
    if (problem) throw badRequest(problem);
    const score = scoreMeasure(kind, answers);
    const now = this.now();
    const history = await this.repo.firstAndLast(patientId, kind);
    // read before the transaction: on the embedded database a read outside it would wait for it
    const alert = score.safetyAlert ? await this.alertAudience(patientId) : null;
    const resources = score.safetyAlert ? await crisisResourcesOfUser(this.ctx, patientId) : null;
    return this.repo.transaction(async (tx) => {
      const response = await this.repo.insertResponse(tx, {
        patientId,
        kind,
        assignmentId: assignment?.id ?? null,
        cycleDueAt: assignment?.dueAt ?? null,
        answers,
        total: score.total,
        safetyAlert: score.safetyAlert,
        completedAt: now,
      });
      if (!response) throw conflict(measureMessages.alreadyCompleted);
      if (assignment) {
        if (assignment.everyWeeks === null) await this.repo.stop(tx, assignment.id, now);
        else
          await this.repo.advance(tx, assignment.id, nextCycle(assignment.dueAt, assignment.everyWeeks, now));
      }
      if (alert) await this.alertProviders(tx, alert, patientId, response.id);
      const saved = {
        response: presentResponse(response, history, true),
        safetyAlert: score.safetyAlert,
        crisisResources: resources,
        safetyNotice: score.safetyAlert ? measureMessages.safetyNotice : null,
        disclaimer: measureMessages.notDiagnosis,
      };
      await inWrite?.(tx, saved);
      return saved;
    });
  }

  /** Who a safety alert goes to (the connected providers) and the client's name for it. */
  private async alertAudience(patientId: string): Promise<{ providers: string[]; name: string }> {
    const [providers, patient] = await Promise.all([
      this.repo.connectedProviders(patientId),
      findUserById(this.ctx.db, patientId),
    ]);
    return { providers, name: patient ? `${patient.firstName} ${patient.lastName}`.trim() : 'A client' };
  }

  /** Item 9 above 0: every connected provider is told at once (no answer in mail or push). */
  private async alertProviders(
    tx: Executor,
    { providers, name }: { providers: string[]; name: string },
    patientId: string,
    responseId: string,
  ): Promise<void> {
    await this.notifications.notifyMany(
      providers.map((providerId) => ({
        userId: providerId,
        input: {
          type: 'measure_alert' as const,
          title: 'Urgent: a client needs your attention',
          message: `${name} answered the PHQ-9 question on thoughts of death or self-harm with more than “Not at all”. They were shown crisis resources. Please reach out to them.`,
          data: { url: `/provider/patient-overview/${patientId}?tab=dashboard`, clientId: patientId },
          key: `measure-alert:${responseId}:${providerId}`,
        },
      })),
      tx,
    );
  }

  /** The tick: tells clients whose recurring measure's next cycle began. Returns how many. */
  async tellDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const told = await this.repo.transaction(async (tx) => {
        const due = await this.repo.claimDueUntold(tx, this.now(), DUE_BATCH);
        if (due.length === 0) return 0;
        await this.notifications.notifyMany(
          due.map((row) => ({ userId: row.patientId, input: this.assignedNotification(row) })),
          tx,
        );
        await this.repo.markNotified(
          tx,
          due.map((r) => r.id),
          this.now(),
        );
        return due.length;
      });
      total += told;
      if (told < DUE_BATCH) return total;
    }
  }
}
