import type { FastifyRequest } from 'fastify';
import {
  carePlanGoalText,
  carePlanMessages as msg,
  carePlanSchema,
  carePlanSignBlocker,
  createGoalSchema,
  type CarePlanDocument,
  type UpdateCarePlan,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { CarePlanInput } from '../../platform/ai/index.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { providerNow, type ClinicalNotesService } from '../clinical-notes/index.js';
import type { GoalsService } from '../goals/index.js';
import type { GoalRow } from '../goals/index.js';
import { clientFirstName, noteInput, recentNotes } from './inputs.js';
import { presentCarePlan } from './presenter.js';
import { ClinicalDocumentsRepo, type CarePlanRow } from './repo.js';

/**
 * Treatment plans (issue 15; docs/API-clinical-documents.md): drafted from the provider's notes and
 * the client's goals, edited in a structured editor or refined, signed. Every change is a version;
 * a signed plan changes only with `editSigned`, which keeps the signed version in the history and
 * makes the new one a draft to sign again.
 */
export class CarePlansService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: ClinicalDocumentsRepo,
    private readonly notes: ClinicalNotesService,
    private readonly goals: GoalsService,
  ) {}

  private async own(request: FastifyRequest, actor: AccessClaims, id: string): Promise<CarePlanRow> {
    const row = await this.repo.planById(actor.sub, id);
    if (!row) {
      await this.ctx.audit.record(
        { action: 'AUTHORIZATION_FAILURE', resourceType: 'care_plan', resourceId: id, patientId: null },
        request,
      );
      throw notFound(msg.notFound);
    }
    await this.notes.client(request, actor, row.patientId, 'care_plan');
    return row;
  }

  private async modified(request: FastifyRequest, row: CarePlanRow, operation: string) {
    await this.ctx.audit.record(
      {
        action: 'MODIFY_PATIENT_DATA',
        resourceType: 'care_plan',
        resourceId: row.id,
        patientId: row.patientId,
        metadata: { operation },
      },
      request,
    );
  }

  private async input(actor: AccessClaims, patientId: string): Promise<CarePlanInput> {
    const now = await providerNow(this.ctx, actor.sub);
    const scope = { patientId, includePrivate: false };
    const [rows, goals, firstName, latest] = await Promise.all([
      recentNotes(this.notes.repo, actor.sub, patientId, now.today),
      this.goals.list(scope),
      clientFirstName(this.ctx, patientId),
      this.repo.plansOf(actor.sub, patientId, 1),
    ]);
    const previous = latest[0] ? carePlanSchema.safeParse(latest[0].version.content) : undefined;
    return {
      clientFirstName: firstName,
      today: now.today,
      time: now.time,
      notes: rows.map(noteInput),
      goals: goals
        .filter((g) => !g.completed && !g.abandoned)
        .map((g) => ({ id: g.id, text: g.text, type: g.type, mentions: g.mentionCount })),
      previous: previous?.success ? previous.data : undefined,
    };
  }

  async generate(request: FastifyRequest, actor: AccessClaims, patientId: string, signal: AbortSignal) {
    await this.notes.client(request, actor, patientId, 'care_plan');
    const input = await this.input(actor, patientId);
    const generated = await this.ctx.ai.generate({ kind: 'carePlan', input, signal });
    const now = this.ctx.clock.now();
    const { plan, version } = await this.repo.transaction((tx) =>
      this.repo.insertPlan(
        tx,
        { providerId: actor.sub, patientId, createdAt: now, updatedAt: now },
        {
          content: generated.document as unknown as Record<string, unknown>,
          editMode: 'generated',
          model: generated.model,
          createdBy: actor.sub,
          createdAt: now,
        },
      ),
    );
    await this.modified(request, plan, 'generate');
    return presentCarePlan(plan, version, [], await this.repo.planHistory(plan.id));
  }

  async list(request: FastifyRequest, actor: AccessClaims, patientId: string, limit: number) {
    await this.notes.client(request, actor, patientId, 'care_plan');
    const rows = await this.repo.plansOf(actor.sub, patientId, limit);
    const shares = await this.repo.sharesOf(rows.map((r) => r.plan.id));
    return rows.map((r) => presentCarePlan(r.plan, r.version, shares));
  }

  async get(request: FastifyRequest, actor: AccessClaims, id: string, version?: number) {
    const plan = await this.own(request, actor, id);
    const v = await this.repo.planVersion(plan.id, version ?? plan.currentVersion);
    if (!v) throw notFound(msg.notFound);
    const [shares, history] = await Promise.all([
      this.repo.sharesOf([plan.id]),
      this.repo.planHistory(plan.id),
    ]);
    return presentCarePlan(plan, v, shares, history);
  }

  /**
   * update-careplan: a new document (manual), a refinement, and/or signing. Signing checks the
   * plan can be signed (diagnosis code, a goal); a signed plan refuses changes without editSigned.
   */
  async update(
    request: FastifyRequest,
    actor: AccessClaims,
    id: string,
    body: UpdateCarePlan,
    signal: AbortSignal,
  ) {
    const plan = await this.own(request, actor, id);
    const current = await this.repo.planVersion(plan.id, plan.currentVersion);
    if (!current) throw notFound(msg.notFound);
    const changing = body.carePlan !== undefined || body.editMode === 'refine';
    if (!changing && body.isSigned !== true) throw badRequest(msg.nothingToChange);
    if (plan.isSigned && changing && !body.editSigned) throw conflict(msg.signedLocked);

    let content: CarePlanDocument | undefined;
    let model = 'manual';
    if (body.editMode === 'refine') {
      if (!body.refinmentDetails) throw badRequest(msg.refinementRequired);
      const input = await this.input(actor, plan.patientId);
      const previous = body.carePlan ?? carePlanSchema.parse(current.content);
      input.refine = { previous, instruction: body.refinmentDetails };
      const generated = await this.ctx.ai.generate({ kind: 'carePlan', input, signal });
      content = generated.document;
      model = generated.model;
    } else if (body.carePlan) {
      content = body.carePlan;
    }
    const signing = body.isSigned === true;
    const signedContent = content ?? carePlanSchema.parse(current.content);
    if (signing) {
      const blocker = carePlanSignBlocker(signedContent);
      if (blocker) throw badRequest(blocker);
    }
    const now = this.ctx.clock.now();
    await this.repo.transaction(async (tx) => {
      const locked = await this.repo.lockPlan(tx, plan.id);
      if (!locked) throw notFound(msg.notFound);
      if (locked.currentVersion !== plan.currentVersion || (locked.isSigned && !plan.isSigned))
        throw conflict(msg.changedMeanwhile);
      if (content) {
        await this.repo.addPlanVersion(
          tx,
          locked,
          {
            content: content as unknown as Record<string, unknown>,
            editMode: body.editMode,
            refinementDetails: body.editMode === 'refine' ? (body.refinmentDetails ?? null) : null,
            isSigned: signing,
            signedAt: signing ? now : null,
            model,
            createdBy: actor.sub,
            createdAt: now,
          },
          now,
        );
      } else if (signing && !locked.isSigned) {
        await this.repo.signCurrent(tx, locked, actor.sub, now);
      }
    });
    const operation = signing ? (content ? 'edit-and-sign' : 'sign') : plan.isSigned ? 'edit-signed' : 'edit';
    await this.modified(request, plan, operation);
    const message = signing ? msg.signed : msg.updated;
    return { carePlan: await this.get(request, actor, id), message };
  }

  /** careplanItems/{patientId}: the goals and objectives of the client's latest plan. */
  async items(request: FastifyRequest, actor: AccessClaims, patientId: string) {
    await this.notes.client(request, actor, patientId, 'care_plan');
    const [latest] = await this.repo.plansOf(actor.sub, patientId, 1);
    if (!latest) return { carePlanId: null, isSigned: false, goals: [] };
    const doc = carePlanSchema.safeParse(latest.version.content);
    return {
      carePlanId: latest.plan.id,
      isSigned: latest.plan.isSigned,
      goals: doc.success ? doc.data.goals : [],
    };
  }

  /** A care-plan goal as a therapist goal of the client, through the goals feature and its limits. */
  async adoptGoal(
    request: FastifyRequest,
    actor: AccessClaims,
    id: string,
    goalId: string,
    inWrite?: InWrite<GoalRow>,
  ) {
    const plan = await this.own(request, actor, id);
    const current = await this.repo.planVersion(plan.id, plan.currentVersion);
    const doc = current ? carePlanSchema.safeParse(current.content) : undefined;
    const goal = doc?.success ? doc.data.goals.find((g) => g.id === goalId) : undefined;
    if (!goal) throw notFound(msg.goalNotFound);
    const input = createGoalSchema.parse({
      text: carePlanGoalText(goal),
      notes: `From the care plan of ${doc!.data!.date}.`,
    });
    const created = await this.goals.create(
      plan.patientId,
      actor.sub,
      'therapist',
      input,
      undefined,
      inWrite,
    );
    await this.modified(request, plan, 'adopt-goal');
    return created;
  }
}
