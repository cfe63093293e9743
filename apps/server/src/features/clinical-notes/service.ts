import type { FastifyRequest } from 'fastify';
import {
  noteMessages,
  noteTimeToMinutes,
  sessionNotes as sessionNoteRules,
  todoBounds,
  todoMessages,
  type CreateNote,
  type CreateTodo,
  type UpdateNote,
  type UpdateTodo,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { findUserById } from '../../platform/users.js';
import { providerNow } from './provider-time.js';
import { presentNote, presentSessionNote, presentTodo } from './presenter.js';
import { NotesRepo, type NoteRow, type NoteValues, type TodoRow } from './repo.js';

type Operation = 'create' | 'update' | 'sign' | 'delete' | 'addendum';

/**
 * A provider's notes and to-dos about a client (issue 15; docs/API-clinical-notes.md). Only a
 * provider connected (accepted, active) to the client reaches them; another provider's note or a
 * client the provider is not connected to is 404. Reads are ACCESS_PHI, changes MODIFY_PATIENT_DATA.
 * A signed note is locked: corrections are addenda.
 */
export class ClinicalNotesService {
  readonly repo: NotesRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new NotesRepo(ctx.db);
  }

  private now(): Date {
    return this.ctx.clock.now();
  }

  /** The client, reachable by the provider (404 audited otherwise; ACCESS_PHI recorded). */
  async client(
    request: FastifyRequest,
    actor: AccessClaims,
    patientId: string,
    resourceType = 'provider_note',
  ) {
    await this.ctx.policy.assertPatientAccess(request, actor, patientId, resourceType);
    return patientId;
  }

  private async modified(
    request: FastifyRequest,
    resourceType: string,
    resourceId: string,
    patientId: string,
    operation: Operation,
  ) {
    await this.ctx.audit.record(
      { action: 'MODIFY_PATIENT_DATA', resourceType, resourceId, patientId, metadata: { operation } },
      request,
    );
  }

  /** One of the provider's notes about a client they still reach, or 404 (audited). */
  private async note(request: FastifyRequest, actor: AccessClaims, id: string): Promise<NoteRow> {
    const row = await this.repo.byId(actor.sub, id);
    if (!row) {
      await this.ctx.audit.record(
        { action: 'AUTHORIZATION_FAILURE', resourceType: 'provider_note', resourceId: id, patientId: null },
        request,
      );
      throw notFound(noteMessages.notFound);
    }
    await this.client(request, actor, row.patientId);
    return row;
  }

  private async withAddenda(rows: NoteRow[]) {
    const addenda = await this.repo.addenda(rows.filter((r) => r.isSigned).map((r) => r.id));
    return rows.map((r) => presentNote(r, addenda));
  }

  /** `inWrite` runs last in the note's transaction (an idempotent route records its answer there). */
  async create(
    request: FastifyRequest,
    actor: AccessClaims,
    input: CreateNote,
    inWrite?: InWrite<ReturnType<typeof presentNote>>,
  ) {
    await this.client(request, actor, input.patientId);
    const now = this.now();
    const local = input.date && input.time ? null : await providerNow(this.ctx, actor.sub);
    const row = await this.repo.transaction(async (tx) => {
      const inserted = await this.repo.insert(tx, {
        providerId: actor.sub,
        patientId: input.patientId,
        title: input.title,
        notes: input.notes,
        additionalNotes: input.additionalNotes ?? null,
        category: input.category ?? null,
        priority: input.priority,
        sessionDate: input.date ?? local!.today,
        timeMinutes: input.time ? noteTimeToMinutes(input.time) : local!.minutes,
        duration: input.duration,
        service: input.service,
        aiSummary: input.AIsummary ?? null,
        recommendations: input.recommendation,
        frequency: input.frequency,
        isSigned: input.isSigned,
        signedAt: input.isSigned ? now : null,
        signedBy: input.isSigned ? actor.sub : null,
        createdAt: now,
        updatedAt: now,
      });
      await inWrite?.(tx, presentNote(inserted));
      return inserted;
    });
    await this.modified(request, 'provider_note', row.id, row.patientId, input.isSigned ? 'sign' : 'create');
    return presentNote(row);
  }

  async get(request: FastifyRequest, actor: AccessClaims, id: string) {
    const row = await this.note(request, actor, id);
    const [view] = await this.withAddenda([row]);
    return view!;
  }

  /**
   * PUT notes/{id}: changes a draft; `isSigned: true` signs it (after the changes). A signed note
   * refuses every change (409); the lock makes a concurrent sign and edit take turns.
   */
  async update(request: FastifyRequest, actor: AccessClaims, id: string, input: UpdateNote) {
    const current = await this.note(request, actor, id);
    const signing = input.isSigned === true;
    const row = await this.repo.transaction(async (tx) => {
      const locked = await this.repo.lock(tx, actor.sub, current.id);
      if (!locked) throw notFound(noteMessages.notFound);
      if (locked.isSigned) throw conflict(noteMessages.signedLocked);
      const now = this.now();
      const values: NoteValues = { updatedAt: now };
      if (input.title !== undefined) values.title = input.title;
      if (input.notes !== undefined) values.notes = input.notes;
      if (input.additionalNotes !== undefined) values.additionalNotes = input.additionalNotes || null;
      if (input.category !== undefined) values.category = input.category;
      if (input.priority !== undefined) values.priority = input.priority;
      if (input.date !== undefined) values.sessionDate = input.date;
      if (input.time !== undefined) values.timeMinutes = noteTimeToMinutes(input.time);
      if (input.duration !== undefined) values.duration = input.duration;
      if (input.service !== undefined) values.service = input.service;
      if (input.AIsummary !== undefined) values.aiSummary = input.AIsummary || null;
      if (input.recommendation !== undefined) values.recommendations = input.recommendation;
      if (input.frequency !== undefined) values.frequency = input.frequency;
      if (signing) Object.assign(values, { isSigned: true, signedAt: now, signedBy: actor.sub });
      return this.repo.update(tx, locked.id, values);
    });
    await this.modified(request, 'provider_note', row.id, row.patientId, signing ? 'sign' : 'update');
    return { note: presentNote(row), message: signing ? noteMessages.signed : noteMessages.updated };
  }

  async remove(request: FastifyRequest, actor: AccessClaims, id: string) {
    const current = await this.note(request, actor, id);
    await this.repo.transaction(async (tx) => {
      const locked = await this.repo.lock(tx, actor.sub, current.id);
      if (!locked) throw notFound(noteMessages.notFound);
      if (locked.isSigned) throw conflict(noteMessages.signedNoDelete);
      await this.repo.remove(tx, locked.id);
    });
    await this.modified(request, 'provider_note', current.id, current.patientId, 'delete');
  }

  /**
   * An addendum to a signed note: who, when and the text; the note itself stays as signed. Answers
   * the note with its addenda, read in the addendum's transaction; `inWrite` runs last in it (an
   * idempotent route records its answer there, decision 104).
   */
  async addAddendum(
    request: FastifyRequest,
    actor: AccessClaims,
    id: string,
    text: string,
    inWrite?: InWrite<ReturnType<typeof presentNote>>,
  ) {
    const current = await this.note(request, actor, id);
    if (!current.isSigned) throw conflict(noteMessages.addendumOnlySigned);
    const author = await findUserById(this.ctx.db, actor.sub);
    const authorName = author ? `${author.firstName} ${author.lastName}`.trim() : 'Provider';
    const view = await this.repo.transaction(async (tx) => {
      await this.repo.addAddendum(tx, {
        noteId: current.id,
        authorId: actor.sub,
        authorName,
        text,
        createdAt: this.now(),
      });
      const note = presentNote(current, await this.repo.addenda([current.id], tx));
      await inWrite?.(tx, note);
      return note;
    });
    await this.modified(request, 'provider_note', current.id, current.patientId, 'addendum');
    return view;
  }

  /** get-all-notes/{patientId}: the client's notes, newest session first, filtered and paged. */
  async ofClient(
    request: FastifyRequest,
    actor: AccessClaims,
    patientId: string,
    q: { category?: CreateNote['category']; status?: 'signed' | 'draft'; page: number; limit: number },
  ) {
    await this.client(request, actor, patientId);
    const { rows, total } = await this.repo.ofClient(actor.sub, patientId, {
      category: q.category,
      signed: q.status === undefined ? undefined : q.status === 'signed',
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return { notes: await this.withAddenda(rows), total, page: q.page, hasNext: q.page * q.limit < total };
  }

  /** get-all-session-notes: the dashboard list (connected clients only) and the 30-day signed count. */
  async sessionNotes(actor: AccessClaims, limit: number) {
    const since = new Date(this.now().getTime() - sessionNoteRules.signedWindowDays * 86_400_000);
    const [rows, signedLast30Days] = await Promise.all([
      this.repo.sessionNotes(actor.sub, limit),
      this.repo.signedSince(actor.sub, since),
    ]);
    return { notes: rows.map(presentSessionNote), signedLast30Days };
  }

  // To-dos

  private async todo(request: FastifyRequest, actor: AccessClaims, id: string): Promise<TodoRow> {
    const row = await this.repo.todoById(actor.sub, id);
    if (!row) {
      await this.ctx.audit.record(
        { action: 'AUTHORIZATION_FAILURE', resourceType: 'provider_todo', resourceId: id, patientId: null },
        request,
      );
      throw notFound(todoMessages.notFound);
    }
    await this.client(request, actor, row.patientId, 'provider_todo');
    return row;
  }

  async todos(request: FastifyRequest, actor: AccessClaims, patientId: string) {
    await this.client(request, actor, patientId, 'provider_todo');
    return (await this.repo.todos(actor.sub, patientId)).map(presentTodo);
  }

  /** `inWrite` runs last in the to-do's transaction (an idempotent route records its answer there). */
  async createTodo(
    request: FastifyRequest,
    actor: AccessClaims,
    input: CreateTodo,
    inWrite?: InWrite<ReturnType<typeof presentTodo>>,
  ) {
    await this.client(request, actor, input.patientId, 'provider_todo');
    const now = this.now();
    const row = await this.repo.transaction(async (tx) => {
      if ((await this.repo.todoCount(tx, actor.sub, input.patientId)) >= todoBounds.perClient)
        throw new AppError('FORBIDDEN', todoMessages.tooMany);
      const inserted = await this.repo.insertTodo(tx, {
        providerId: actor.sub,
        patientId: input.patientId,
        name: input.name,
        notes: input.notes ?? null,
        prescription: input.prescription ?? null,
        materials: input.materials ?? null,
        research: input.research ?? null,
        dueDate: input.dueDate ?? null,
        priority: input.priority,
        createdAt: now,
        updatedAt: now,
      });
      await inWrite?.(tx, presentTodo(inserted));
      return inserted;
    });
    await this.modified(request, 'provider_todo', row.id, row.patientId, 'create');
    return presentTodo(row);
  }

  async updateTodo(request: FastifyRequest, actor: AccessClaims, id: string, input: UpdateTodo) {
    const current = await this.todo(request, actor, id);
    const now = this.now();
    const text = (v: string | undefined) => (v === undefined ? undefined : v || null);
    const row = await this.repo.updateTodo(current.id, {
      updatedAt: now,
      name: input.name,
      notes: text(input.notes),
      prescription: text(input.prescription),
      materials: text(input.materials),
      research: text(input.research),
      dueDate: input.dueDate,
      priority: input.priority,
      ...(input.done === undefined ? {} : { done: input.done, doneAt: input.done ? now : null }),
    });
    await this.modified(request, 'provider_todo', row.id, row.patientId, 'update');
    return presentTodo(row);
  }

  async removeTodo(request: FastifyRequest, actor: AccessClaims, id: string) {
    const current = await this.todo(request, actor, id);
    await this.repo.removeTodo(current.id);
    await this.modified(request, 'provider_todo', current.id, current.patientId, 'delete');
  }
}
