import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  backupLimits,
  backupMessages as msg,
  conflictResolutions,
  importSourceLabels,
  importSources,
  mappableMoods,
  sanitizeText,
  templateFile,
  templateInfo,
  type ConflictResolution,
  type ImportProblem,
  type TemplateFormat,
  type TemplateType,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import { collectGarbage } from '../../platform/memory.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { streamUpload } from '../../platform/uploads.js';
import type { NotificationsService } from '../notifications/index.js';
import type { WeeklyAutomationService } from '../weekly-automation/index.js';
import { backupArchive, type ExportCounts } from './exporter.js';
import {
  applyImport,
  currentState,
  ImportCancelled,
  writeImportFiles,
  type ImportResult,
} from './importer.js';
import { planImport } from './plan.js';
import { presentExport, presentImport } from './presenter.js';
import { readImportFile, type ImportFile } from './reader.js';
import { BackupRepo, type ImportRow } from './repo.js';

export const EXPORT_JOB = 'backup-export';
export const IMPORT_JOB = 'backup-import';
export interface ExportJob {
  exportId: string;
}
export interface ImportJob {
  importId: string;
}

/** What the caller chose for an import (import/validate, preview, confirm). */
export interface ImportOptions {
  timezone?: string;
  moodMap?: Record<string, string>;
  onConflict?: ConflictResolution;
}

/**
 * An import not confirmed within a day is dropped with its file; one confirmed whose run never
 * started (its job lost) fails after an hour.
 */
const uploadKeptMs = 24 * 3_600_000;
const runLostMs = 3_600_000;
/**
 * A run writes a heartbeat on its import this often; a started run silent for `runSilentMs` died with
 * its process (killed, out of memory) and its import fails (`failLostRuns`, every `LOST_RUN_TICK_SECONDS`):
 * its transaction never committed, so nothing was changed (decision 104).
 */
export const runHeartbeatMs = 10_000;
export const runSilentMs = 45_000;
/** How often an import running in the worker process looks for a cancel. */
const cancelPollMs = 1_000;

/** The options that change how a file reads (its conflicts do not depend on the default choice). */
const readingOf = (options: ImportOptions) =>
  JSON.stringify({ timezone: options.timezone ?? null, moodMap: options.moodMap ?? {} });

/** The mood names of the file that map to none of ours, for the user to map. */
const unknownMoods = (file: ImportFile) => [
  ...new Set(file.problems.flatMap((p) => (p.unknownMood ? [p.unknownMood] : []))),
];

const exportKey = (userId: string, id: string) => `backups/${userId}/${id}.zip`;
const importKey = (userId: string, id: string) => `backups/${userId}/imports/${id}`;

/**
 * Backup and import (Part 2 §7 Backup; issue 17; decision 095; docs/API-backup.md), for the
 * signed-in client's own data only: every row and file is found by the caller's id.
 */
export class BackupService {
  private readonly repo: BackupRepo;
  /** Imports running in this process, to be cancelled at once. */
  private readonly running = new Map<string, { controller: AbortController; progress: number }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationsService,
    private readonly weeklyAutomation: WeeklyAutomationService,
  ) {
    this.repo = new BackupRepo(ctx.db);
  }

  private now() {
    return this.ctx.clock.now();
  }

  // ——— export ———

  /** `inWrite` runs last in the export's transaction (an idempotent route records its answer there). */
  async startExport(
    request: FastifyRequest,
    actor: AccessClaims,
    inWrite?: InWrite<ReturnType<typeof presentExport>>,
  ) {
    const id = randomUUID();
    const row = await this.repo.transaction(async (tx) => {
      const inserted = await this.repo.insertExport(tx, {
        id,
        userId: actor.sub,
        status: 'queued',
        createdAt: this.now(),
      });
      await this.ctx.jobs.send<ExportJob>(EXPORT_JOB, { exportId: id }, { key: `backup-export:${id}`, tx });
      await inWrite?.(tx, presentExport(inserted, this.now()));
      return inserted;
    });
    await this.ctx.audit.record(
      {
        action: 'EXPORT_DATA',
        resourceType: 'backup',
        resourceId: id,
        patientId: actor.sub,
        metadata: { operation: 'initiate' },
      },
      request,
    );
    return presentExport(row, this.now());
  }

  async exportProgress(actor: AccessClaims, id: string) {
    const row = await this.repo.exportOf(actor.sub, id);
    if (!row) throw notFound(msg.exportNotFound);
    return presentExport(row, this.now());
  }

  async download(request: FastifyRequest, actor: AccessClaims, id: string) {
    const row = await this.repo.exportOf(actor.sub, id);
    const live = row?.status === 'completed' && row.expiresAt && row.expiresAt > this.now();
    const opened = live && row.fileKey ? await this.ctx.files.open(row.fileKey) : null;
    if (!row || !opened) throw notFound(msg.exportNotFound);
    await this.ctx.audit.record(
      {
        action: 'EXPORT_DATA',
        resourceType: 'backup',
        resourceId: id,
        patientId: actor.sub,
        metadata: { operation: 'download' },
      },
      request,
    );
    return { stream: opened.stream, size: opened.size, fileName: row.fileName ?? 'mindledger-backup.zip' };
  }

  async runExport({ exportId }: ExportJob): Promise<void> {
    const row = await this.repo.exportForJob(exportId);
    if (!row || (row.status !== 'queued' && row.status !== 'processing')) return;
    await this.repo.updateExport(row.id, { status: 'processing', progress: 10 });
    const key = exportKey(row.userId, row.id);
    const counts: ExportCounts = { entries: 0, goals: 0, photos: 0, documents: 0, messages: 0 };
    try {
      const archive = await backupArchive(this.repo, this.ctx.files, row.userId, this.now(), counts);
      const size = await this.ctx.files.putStream(key, archive, 'application/zip');
      const now = this.now();
      await this.repo.updateExport(row.id, {
        status: 'completed',
        progress: 100,
        fileKey: key,
        fileName: `mindledger-backup-${now.toISOString().slice(0, 10)}.zip`,
        size,
        counts: { ...counts },
        completedAt: now,
        expiresAt: new Date(now.getTime() + backupLimits.exportTtlHours * 3_600_000),
      });
    } catch (error) {
      this.ctx.log.error({ err: error }, 'backup export failed');
      await this.ctx.files.delete(key).catch(() => undefined);
      await this.repo.updateExport(row.id, { status: 'failed', progress: 0, error: msg.exportFailed });
    }
  }

  // ——— import: the file ———

  /** import/initiate: the file streamed to the files port (≤ 50 MB), hashed on the way. */
  async upload(request: FastifyRequest, actor: AccessClaims) {
    const id = randomUUID();
    const key = importKey(actor.sub, id);
    const hash = createHash('sha256');
    // Iterated, not piped: a broken multipart body errors the file stream, and that error must end
    // the write (a .pipe() would leave it waiting for an end that never comes).
    async function* hashing(file: AsyncIterable<Buffer>) {
      for await (const chunk of file) {
        hash.update(chunk);
        yield chunk;
      }
    }
    let upload: Awaited<ReturnType<typeof streamUpload<number>>>;
    try {
      upload = await streamUpload(
        request,
        {
          field: 'file',
          maxBytes: backupLimits.maxUploadBytes,
          requiredMessage: msg.fileRequired,
          sizeMessage: msg.tooLarge,
          notMultipartMessage: msg.notMultipart,
        },
        (file) => this.ctx.files.putStream(key, hashing(file as Readable), 'application/octet-stream'),
      );
    } catch (error) {
      await this.ctx.files.delete(key).catch(() => undefined);
      throw error;
    }
    if (upload.result === 0) {
      await this.ctx.files.delete(key);
      throw badRequest(msg.emptyFile);
    }
    return this.keep(actor, id, key, upload.result, hash.digest('hex'), upload.filename);
  }

  /** `fileData` given inline (CSV or JSON text, or a `data:…;base64,` URL of an archive). */
  async uploadInline(actor: AccessClaims, fileData: string) {
    const match = /^data:[\w/+.-]*;base64,(.*)$/s.exec(fileData);
    const data = match ? Buffer.from(match[1]!, 'base64') : Buffer.from(fileData, 'utf8');
    if (data.length === 0) throw badRequest(msg.emptyFile);
    if (data.length > backupLimits.maxUploadBytes) throw new AppError('PAYLOAD_TOO_LARGE', msg.tooLarge);
    const id = randomUUID();
    const key = importKey(actor.sub, id);
    await this.ctx.files.put(key, data, 'application/octet-stream');
    return this.keep(
      actor,
      id,
      key,
      data.length,
      createHash('sha256').update(data).digest('hex'),
      'pasted file',
    );
  }

  private async keep(
    actor: AccessClaims,
    id: string,
    key: string,
    size: number,
    sha256: string,
    name: string,
  ) {
    const now = this.now();
    const row = await this.repo.insertImport({
      id,
      userId: actor.sub,
      status: 'uploaded',
      fileKey: key,
      fileName: sanitizeText(name, { maxLength: 200 }) || 'file',
      size,
      sha256,
      createdAt: now,
      updatedAt: now,
    });
    return presentImport(row);
  }

  private async own(actor: AccessClaims, id: string): Promise<ImportRow> {
    const row = await this.repo.importOf(actor.sub, id);
    if (!row) throw notFound(msg.importNotFound);
    return row;
  }

  /** The import named by `importId`, or a new one from `fileData`. */
  async resolve(actor: AccessClaims, body: { importId?: string; fileData?: string }): Promise<ImportRow> {
    if (body.importId) return this.own(actor, body.importId);
    if (body.fileData) return this.own(actor, (await this.uploadInline(actor, body.fileData)).importId);
    throw badRequest(msg.fileRequired);
  }

  /** Reads the import's file into a temporary copy, checks it, and hands it to `work`. */
  private async withFile<T>(
    row: ImportRow,
    options: ImportOptions,
    work: (file: ImportFile) => Promise<T>,
  ): Promise<T> {
    const opened = row.fileKey ? await this.ctx.files.open(row.fileKey) : null;
    if (!opened) throw notFound(msg.importNotFound);
    const dir = await mkdtemp(join(tmpdir(), 'mindledger-import-'));
    const path = join(dir, 'file');
    try {
      await pipeline(opened.stream, createWriteStream(path));
      const user = await this.repo.user(row.userId);
      const file = await readImportFile(path, {
        timezone: options.timezone ?? user?.timezone ?? 'UTC',
        moodMap: options.moodMap ?? {},
        now: this.now(),
      });
      try {
        return await work(file);
      } finally {
        file.archive?.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private counts(file: ImportFile) {
    return {
      entries: file.entries.length,
      goals: file.goals.length,
      photos: new Set(file.entries.flatMap((e) => e.photoFiles)).size,
      documents: file.documents.length,
      messages: file.messages.length,
    };
  }

  async validate(
    actor: AccessClaims,
    body: { importId?: string; fileData?: string; importOptions?: ImportOptions },
  ) {
    const row = await this.resolve(actor, body);
    const options = body.importOptions ?? {};
    const summary = await this.withFile(row, options, async (file) => ({
      source: file.source,
      sourceLabel: importSourceLabels[file.source],
      valid: file.problemCount === 0,
      counts: this.counts(file),
      problems: file.problems,
      problemCount: file.problemCount,
      unknownMoods: unknownMoods(file),
    }));
    await this.repo.updateImport(row.id, {
      source: summary.source,
      options: { ...options },
      summary,
      updatedAt: this.now(),
    });
    return { importId: row.id, ...summary };
  }

  async preview(
    actor: AccessClaims,
    body: { importId?: string; fileData?: string; importOptions?: ImportOptions },
  ) {
    const row = await this.resolve(actor, body);
    const options = body.importOptions ?? {};
    const answer = await this.withFile(row, options, async (file) => {
      const plan = planImport(
        file,
        await currentState(this.repo, actor.sub, file),
        {},
        options.onConflict ?? 'skip',
      );
      return {
        source: file.source,
        sourceLabel: importSourceLabels[file.source],
        valid: file.problemCount === 0,
        counts: this.counts(file),
        problems: file.problems,
        problemCount: file.problemCount,
        unknownMoods: unknownMoods(file),
        add: plan.add,
        conflicts: plan.conflicts.map(({ existingId: _e, ...c }) => c),
        notImported: plan.notImported,
      };
    });
    await this.repo.updateImport(row.id, {
      source: answer.source,
      options: { ...options },
      summary: {
        ...answer,
        conflicts: answer.conflicts.length,
        // what confirm checks the choices against without reading the file again
        conflictIds: answer.conflicts.map((c) => c.id),
        readWith: readingOf(options),
      },
      updatedAt: this.now(),
    });
    return { importId: row.id, ...answer };
  }

  // ——— import: confirm, the job, cancel ———

  async confirm(
    request: FastifyRequest,
    actor: AccessClaims,
    body: {
      importId?: string;
      fileData?: string;
      importOptions?: ImportOptions;
      conflictResolutions?: Record<string, ConflictResolution>;
    },
  ) {
    const row = await this.resolve(actor, body);
    if (row.status !== 'uploaded')
      throw conflict(
        row.status === 'importing'
          ? msg.running
          : row.status === 'failed'
            ? (row.error ?? msg.failed)
            : msg.alreadyImported,
      );
    if (await this.repo.runningImport(actor.sub)) throw conflict(msg.running);
    const options = body.importOptions ?? {};
    const resolutions = body.conflictResolutions ?? {};
    const previewed = row.summary as {
      problemCount?: number;
      problems?: ImportProblem[];
      conflictIds?: string[];
      readWith?: string;
    } | null;
    const notValidated = (problems: ImportProblem[]) =>
      badRequest(msg.notValidated, {
        errors: problems.map((p) => ({ path: p.where, message: p.message })),
      });
    const checkChoices = (conflictIds: string[]) => {
      const known = new Set(conflictIds);
      for (const id of Object.keys(resolutions)) if (!known.has(id)) throw badRequest(msg.unknownConflict);
    };
    if (previewed?.conflictIds && previewed.readWith === readingOf(options)) {
      // previewed with the same reading: its findings stand (the job reads and plans it all again)
      if ((previewed.problemCount ?? 0) > 0) throw notValidated(previewed.problems ?? []);
      checkChoices(previewed.conflictIds);
    } else
      await this.withFile(row, options, async (file) => {
        if (file.problemCount > 0) throw notValidated(file.problems);
        const plan = planImport(
          file,
          await currentState(this.repo, actor.sub, file),
          resolutions,
          options.onConflict ?? 'skip',
        );
        checkChoices(plan.conflicts.map((c) => c.id));
      });
    const moved = await this.repo.transaction(async (tx) => {
      const still = await this.repo.importOf(actor.sub, row.id, tx);
      if (still?.status !== 'uploaded') return false;
      await this.repo.updateImport(
        row.id,
        {
          status: 'importing',
          progress: 0,
          options: { ...options, conflictResolutions: resolutions },
          updatedAt: this.now(),
        },
        tx,
      );
      await this.ctx.jobs.send<ImportJob>(
        IMPORT_JOB,
        { importId: row.id },
        { key: `backup-import:${row.id}`, tx },
      );
      return true;
    });
    if (!moved) throw conflict(msg.alreadyImported);
    await this.ctx.audit.record(
      {
        action: 'MODIFY_PATIENT_DATA',
        resourceType: 'backup_import',
        resourceId: row.id,
        patientId: actor.sub,
        metadata: { operation: 'import' },
      },
      request,
    );
    return presentImport({ ...row, status: 'importing', progress: 0 });
  }

  async runImport({ importId }: ImportJob): Promise<void> {
    const row = await this.repo.importForJob(importId);
    if (!row || row.status !== 'importing' || this.running.has(row.id)) return;
    const controller = new AbortController();
    const state = { controller, progress: 1 };
    this.running.set(row.id, state);
    // Started (progress 1) with a first heartbeat: from now on a silence means the run died.
    const started = await this.repo
      .moveImport(row.id, ['importing'], { progress: 1, updatedAt: this.now() })
      .catch((error: unknown) => {
        this.running.delete(row.id);
        throw error;
      });
    if (!started) {
      this.running.delete(row.id);
      return;
    }
    let beating = false;
    const heartbeat = setInterval(() => {
      // one at a time: on the embedded database it waits for the run's transaction
      if (beating) return;
      beating = true;
      void this.repo
        .touchImport(row.id, this.now())
        .catch(() => undefined)
        .finally(() => {
          beating = false;
        });
    }, runHeartbeatMs);
    // In the worker process (JOBS_IN_PROCESS=false) the API server cannot see this process's
    // memory: the progress is written to the import's row, and a cancel is read from it.
    const remote = !this.ctx.config.jobsInProcess;
    let saved = 0;
    const report = (n: number) => {
      state.progress = n;
      if (remote && (n - saved >= 5 || n === 10 || n >= 70)) {
        saved = n;
        void this.repo.updateImport(row.id, { progress: n }).catch(() => undefined);
      }
    };
    const watch = remote
      ? setInterval(() => {
          void this.repo
            .importForJob(row.id)
            .then((now) => {
              if (now?.status !== 'importing') controller.abort();
            })
            .catch(() => undefined);
        }, cancelPollMs)
      : null;
    const stored = row.options as ImportOptions & {
      conflictResolutions?: Record<string, ConflictResolution>;
    };
    let written: string[] = [];
    try {
      const outcome = await this.withFile(row, stored, async (file) => {
        if (file.problemCount > 0) throw badRequest(msg.notValidated);
        const wanted = new Set(file.entries.flatMap((e) => e.photoFiles));
        if (file.backup?.profile.avatar) wanted.add(file.backup.profile.avatar.file);
        const photos = await writeImportFiles(this.ctx, row.userId, file, wanted, controller.signal);
        written = photos.written;
        collectGarbage(); // the reading's garbage, before the entries are written
        report(10);
        return this.repo.transaction(async (tx) => {
          const locked = await this.repo.importOf(row.userId, row.id, tx);
          if (locked?.status !== 'importing') throw new ImportCancelled();
          const applied = await applyImport(
            {
              ctx: this.ctx,
              repo: this.repo,
              notifications: this.notifications,
              weeklyAutomation: this.weeklyAutomation,
            },
            tx,
            {
              userId: row.userId,
              importId: row.id,
              file,
              chosen: stored.conflictResolutions ?? {},
              fallback: stored.onConflict ?? 'skip',
              files: photos.names,
              signal: controller.signal,
              progress: report,
            },
          );
          const now = this.now();
          // completed only if still importing: a cancel that another process saw first wins
          const completed = await this.repo.moveImport(
            row.id,
            ['importing'],
            {
              status: 'completed',
              progress: 100,
              result: applied.result as unknown as Record<string, unknown>,
              fileKey: null,
              updatedAt: now,
              completedAt: now,
            },
            tx,
          );
          if (!completed) throw new ImportCancelled();
          return applied;
        });
      });
      if (outcome.oldAvatar) await this.ctx.files.delete(outcome.oldAvatar).catch(() => undefined);
      if (row.fileKey) await this.ctx.files.delete(row.fileKey).catch(() => undefined);
    } catch (error) {
      for (const key of written) await this.ctx.files.delete(key).catch(() => undefined);
      const cancelled = error instanceof ImportCancelled || controller.signal.aborted;
      if (!cancelled && !(error instanceof AppError))
        this.ctx.log.error({ err: error }, 'backup import failed');
      await this.repo.moveImport(row.id, ['importing'], {
        status: cancelled ? 'cancelled' : 'failed',
        progress: 0,
        error: cancelled ? null : error instanceof AppError ? error.message : msg.failed,
        updatedAt: this.now(),
        completedAt: this.now(),
      });
    } finally {
      clearInterval(heartbeat);
      if (watch) clearInterval(watch);
      this.running.delete(row.id);
      collectGarbage();
    }
  }

  progressOf(row: ImportRow) {
    return this.running.get(row.id)?.progress ?? row.progress;
  }

  async progress(actor: AccessClaims, id: string) {
    const row = await this.own(actor, id);
    return presentImport({ ...row, progress: this.progressOf(row) });
  }

  async cancel(actor: AccessClaims, id: string) {
    const row = await this.own(actor, id);
    if (row.status !== 'uploaded' && row.status !== 'importing') throw conflict(msg.notCancellable);
    this.running.get(id)?.controller.abort();
    const moved = await this.repo.moveImport(id, ['uploaded', 'importing'], {
      status: 'cancelled',
      progress: 0,
      updatedAt: this.now(),
      completedAt: this.now(),
    });
    if (!moved) throw conflict(msg.notCancellable);
    if (row.fileKey) await this.ctx.files.delete(row.fileKey).catch(() => undefined);
    await this.repo.updateImport(id, { fileKey: null });
    return presentImport({ ...row, status: 'cancelled', progress: 0 });
  }

  async history(actor: AccessClaims) {
    const [imports, exports] = await Promise.all([
      this.repo.imports(actor.sub, backupLimits.historyLimit),
      this.repo.exports(actor.sub, backupLimits.historyLimit),
    ]);
    const now = this.now();
    return {
      imports: imports.map((r) => presentImport({ ...r, progress: this.progressOf(r) })),
      exports: exports.map((r) => presentExport(r, now)),
    };
  }

  async options(actor: AccessClaims) {
    const user = await this.repo.user(actor.sub);
    return {
      sources: importSources.map((source) => ({ source, label: importSourceLabels[source] })),
      conflictResolutions: [...conflictResolutions],
      defaults: { onConflict: 'skip' as const, timezone: user?.timezone ?? 'UTC', moodMap: {} },
      moods: Object.keys(mappableMoods),
      maxFileBytes: backupLimits.maxUploadBytes,
    };
  }

  templateInfo() {
    return templateInfo();
  }

  template(type: TemplateType, format: TemplateFormat, includeExamples: boolean) {
    return templateFile(type, format, includeExamples);
  }

  /**
   * The tick (every `LOST_RUN_TICK_SECONDS`): started runs silent for `runSilentMs` died with their
   * process; their imports fail ('The import failed. Nothing was changed.': the run's transaction
   * never committed) and their files go. A run alive in this process is never one of them; on
   * PostgreSQL a run in another process beats on its own connection.
   */
  async failLostRuns(): Promise<number> {
    const now = this.now();
    const lost = await this.repo.failSilentRuns(
      new Date(now.getTime() - runSilentMs),
      [...this.running.keys()],
      { status: 'failed', progress: 0, error: msg.failed, updatedAt: now, completedAt: now },
    );
    for (const row of lost) if (row.fileKey) await this.ctx.files.delete(row.fileKey).catch(() => undefined);
    if (lost.length > 0) await this.repo.clearFiles(lost.map((row) => row.id));
    return lost.length;
  }

  /** The tick: expired backups' files, uploads never confirmed, runs lost. */
  async purge(): Promise<{ exports: number; imports: number }> {
    const now = this.now();
    const expired = await this.repo.expiredExports(now, 200);
    for (const row of expired) {
      if (row.fileKey) await this.ctx.files.delete(row.fileKey).catch(() => undefined);
      await this.repo.updateExport(row.id, { status: 'expired', fileKey: null });
    }
    const stale = await this.repo.staleImports(
      new Date(now.getTime() - Math.min(uploadKeptMs, runLostMs)),
      200,
    );
    let imports = 0;
    for (const row of stale) {
      const age = now.getTime() - row.updatedAt.getTime();
      if (row.status === 'uploaded' && age < uploadKeptMs) continue;
      if (this.running.has(row.id)) continue;
      if (row.fileKey) await this.ctx.files.delete(row.fileKey).catch(() => undefined);
      await this.repo.updateImport(row.id, {
        status: row.status === 'uploaded' ? 'cancelled' : 'failed',
        error: row.status === 'uploaded' ? null : msg.failed,
        fileKey: null,
        updatedAt: now,
      });
      imports += 1;
    }
    return { exports: expired.length, imports };
  }
}

export type { ImportResult };
