import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  addDays,
  clinicalExportFileName,
  clinicalExportMaxDays,
  clinicalExportMessages as msg,
  clinicalExportTtlHours,
  clinicalFileFormats,
  localDay,
  zonedInstant,
  type ClinicalExportPart,
  type ClinicalExportRequest,
  type ClinicalFileFormat,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { ClinicalExportFile } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import { renderPdf } from '../../platform/pdf.js';
import { ownScope, type ReadScope } from '../../platform/read-scope.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { fhirBundle } from './fhir-bundle.js';
import { clinicalPdfBlocks, clinicalPdfTitle } from './pdf-report.js';
import { presentExport } from './presenter.js';
import type { RecordHeader } from './record.js';
import { ClinicalExportRepo, exportFolder, type ExportRow } from './repo.js';

export const BUILD_JOB = 'clinical-export-build';
export interface BuildJob {
  exportId: string;
}

const contentTypes: Record<ClinicalFileFormat, string> = {
  pdf: 'application/pdf',
  fhir: 'application/fhir+json',
};
const allParts: Record<ClinicalExportPart, boolean> = {
  entries: true,
  measures: true,
  goals: true,
  carePlans: true,
  notes: true,
};
/** An export still queued or building this long after it was asked for lost its job: it fails. */
const stuckAfterMs = 30 * 60_000;

/** A file ready to stream to the caller. */
export interface Download {
  stream: Readable;
  size?: number;
  contentType: string;
  fileName: string;
}

/**
 * Clinical export (issue 16; decision 093; docs/API-clinical-export.md): a provider asks for a
 * connected client's record, a job builds the PDF and/or FHIR Bundle through the files port, the
 * provider follows and downloads it until it expires. Every initiate and download is audited
 * (EXPORT_DATA). The client's own copy is built at once from the same builders.
 */
export class ClinicalExportService {
  private readonly repo: ClinicalExportRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ClinicalExportRepo(ctx.db);
  }

  /** Only a connected provider exports or downloads (403 with the spec's text otherwise). */
  private async connected(request: FastifyRequest, actor: AccessClaims, patientId: string, message: string) {
    if ((await this.ctx.policy.patientAccess(actor, patientId)) === 'provider') return;
    await this.ctx.audit.record(
      {
        action: 'AUTHORIZATION_FAILURE',
        resourceType: 'clinical_export',
        resourceId: patientId,
        patientId: null,
      },
      request,
    );
    throw forbidden(message);
  }

  /** The period in the client's days: to today by default, from the first entry by default, at most 5 years. */
  private async period(scope: ReadScope, timezone: string, body: { startDate?: string; endDate?: string }) {
    const today = localDay(this.ctx.clock.now(), timezone);
    const end = body.endDate ?? today;
    const first = body.startDate ?? (await this.repo.firstDay(scope)) ?? end;
    const earliest = addDays(end, -(clinicalExportMaxDays - 1));
    const start = first > end ? end : first < earliest ? earliest : first;
    return { start, end };
  }

  /** `inWrite` runs last in the export's transaction (an idempotent route records its answer there). */
  async initiate(
    request: FastifyRequest,
    actor: AccessClaims,
    body: ClinicalExportRequest,
    inWrite?: InWrite<ReturnType<typeof presentExport>>,
  ) {
    await this.connected(request, actor, body.patientId, msg.noPermission);
    const patient = await this.repo.person(body.patientId);
    if (!patient) throw forbidden(msg.noPermission);
    const scope: ReadScope = { patientId: body.patientId, includePrivate: false };
    const range = await this.period(scope, patient.timezone, body);
    const now = this.ctx.clock.now();
    const id = randomUUID();
    const row = await this.ctx.db.transaction(async (tx) => {
      const inserted = await this.repo.insert(tx, {
        id,
        requestedBy: actor.sub,
        patientId: body.patientId,
        startDate: range.start,
        endDate: range.end,
        include: body.include,
        format: body.format,
        status: 'queued',
        createdAt: now,
      });
      await this.ctx.jobs.send<BuildJob>(BUILD_JOB, { exportId: id }, { key: `clinical-export:${id}`, tx });
      await inWrite?.(tx, presentExport(inserted, now));
      return inserted;
    });
    await this.ctx.audit.record(
      {
        action: 'EXPORT_DATA',
        resourceType: 'clinical_export',
        resourceId: row.id,
        patientId: body.patientId,
        metadata: {
          operation: 'initiate',
          format: body.format,
          parts: Object.keys(body.include)
            .filter((k) => body.include[k as ClinicalExportPart])
            .join(','),
        },
      },
      request,
    );
    return presentExport(row, now);
  }

  /** The caller's own export (anybody else's is not found). */
  private async own(request: FastifyRequest, actor: AccessClaims, id: string): Promise<ExportRow> {
    const row = await this.repo.byId(actor.sub, id);
    if (row) return row;
    await this.ctx.audit.record(
      { action: 'AUTHORIZATION_FAILURE', resourceType: 'clinical_export', resourceId: id, patientId: null },
      request,
    );
    throw notFound(msg.notFound);
  }

  /** Like list and download, only while still connected: the files' names carry the client's name. */
  async status(request: FastifyRequest, actor: AccessClaims, id: string) {
    const row = await this.own(request, actor, id);
    await this.connected(request, actor, row.patientId, msg.noPermission);
    return presentExport(row, this.ctx.clock.now());
  }

  async list(request: FastifyRequest, actor: AccessClaims, patientId: string) {
    await this.connected(request, actor, patientId, msg.noPermission);
    const now = this.ctx.clock.now();
    return (await this.repo.list(actor.sub, patientId)).map((row) => presentExport(row, now));
  }

  async download(
    request: FastifyRequest,
    actor: AccessClaims,
    id: string,
    format: ClinicalFileFormat | undefined,
  ): Promise<Download> {
    const row = await this.own(request, actor, id);
    await this.connected(request, actor, row.patientId, msg.noDownloadPermission);
    const expired = !row.expiresAt || row.expiresAt <= this.ctx.clock.now();
    const file = row.files.find((f) => !format || f.format === format);
    if (row.status !== 'completed' || expired || !file) throw notFound(msg.notFound);
    const opened = await this.ctx.files.open(file.key);
    if (!opened) throw notFound(msg.notFound);
    await this.ctx.audit.record(
      {
        action: 'EXPORT_DATA',
        resourceType: 'clinical_export',
        resourceId: row.id,
        patientId: row.patientId,
        metadata: { operation: 'download', format: file.format },
      },
      request,
    );
    return {
      stream: opened.stream,
      size: opened.size,
      contentType: file.contentType,
      fileName: file.fileName,
    };
  }

  /** The job: builds each file of the export, then marks it completed (or failed, with a reason). */
  async run({ exportId }: BuildJob): Promise<void> {
    const row = await this.repo.byIdForJob(exportId);
    if (!row || (row.status !== 'queued' && row.status !== 'processing')) return;
    await this.repo.update(row.id, { status: 'processing', progress: 5 });
    try {
      const [patient, practitioner] = await Promise.all([
        this.repo.person(row.patientId),
        this.repo.person(row.requestedBy),
      ]);
      if (!patient || !practitioner) throw new Error('export subject gone');
      const header: RecordHeader = {
        patient,
        practitioner,
        range: { start: row.startDate, end: row.endDate },
        include: row.include,
        generatedAt: this.ctx.clock.now(),
        own: false,
      };
      const scope: ReadScope = { patientId: row.patientId, includePrivate: false };
      const formats = clinicalFileFormats(row.format);
      const files: ClinicalExportFile[] = [];
      for (const [n, format] of formats.entries()) {
        const fileName = clinicalExportFileName(
          `${patient.firstName} ${patient.lastName}`,
          header.range,
          format,
        );
        const key = `${exportFolder(row.patientId, row.id)}/${format === 'pdf' ? 'record.pdf' : 'record.fhir.json'}`;
        const size = await this.ctx.files.putStream(
          key,
          this.build(format, header, scope),
          contentTypes[format],
        );
        files.push({ format, key, fileName, contentType: contentTypes[format], size });
        await this.repo.update(row.id, { progress: Math.round(((n + 1) / formats.length) * 90) + 5 });
      }
      const now = this.ctx.clock.now();
      await this.repo.update(row.id, {
        status: 'completed',
        progress: 100,
        files,
        completedAt: now,
        expiresAt: new Date(now.getTime() + clinicalExportTtlHours * 3_600_000),
      });
    } catch (error) {
      this.ctx.log.error({ err: error }, 'clinical export failed');
      await this.ctx.files.deleteFolder(exportFolder(row.patientId, row.id)).catch(() => undefined);
      await this.repo.update(row.id, { status: 'failed', error: msg.failed, progress: 0 });
    }
  }

  /** One file of a record as a stream: the FHIR Bundle a page of entries at a time, or the PDF. */
  private build(format: ClinicalFileFormat, header: RecordHeader, scope: ReadScope): Readable {
    const { start, end } = header.range;
    const providerId = header.own ? null : (header.practitioner?.id ?? null);
    const measuresFrom = zonedInstant(start, '00:00', header.patient.timezone);
    const measuresUntil = zonedInstant(addDays(end, 1), '00:00', header.patient.timezone);
    const carePlans = () =>
      providerId
        ? this.repo.providerCarePlans(providerId, scope.patientId)
        : this.repo.sharedCarePlans(scope.patientId);
    const notes = () =>
      providerId ? this.repo.signedNotes(providerId, scope.patientId, start, end) : Promise.resolve([]);
    const sources = async () => {
      const [measures, goals, plans, signed] = await Promise.all([
        header.include.measures ? this.repo.measures(scope.patientId, measuresFrom, measuresUntil) : [],
        header.include.goals ? this.repo.goals(scope, providerId) : [],
        header.include.carePlans ? carePlans() : [],
        header.include.notes ? notes() : [],
      ]);
      return { measures, goals, carePlans: plans, notes: signed };
    };
    if (format === 'fhir') {
      const repo = this.repo;
      // a byte stream: its buffer is counted in bytes (16 KiB), so a slow reader stops the writing
      return Readable.from(
        (async function* () {
          const rest = await sources();
          yield* fhirBundle(randomUUID(), header, { entries: repo.entryPages(scope, start, end), ...rest });
        })(),
        { objectMode: false },
      );
    }
    return Readable.from(
      async function* (this: ClinicalExportService) {
        const [rest, weeks, emotions] = await Promise.all([
          sources(),
          header.include.entries ? this.repo.weeks(scope, start, end) : [],
          header.include.entries ? this.repo.emotions(scope, start, end) : [],
        ]);
        yield await renderPdf(clinicalPdfBlocks(header, { ...rest, weeks, emotions }), {
          title: clinicalPdfTitle(header),
          disclaimer: '',
        });
      }.call(this),
    );
  }

  /**
   * The client's own copy (issue 16: at once, not in the 30 days the notice allows): the same
   * builders over their whole record, private entries included; care plans their providers shared.
   */
  async ownRecord(
    request: FastifyRequest,
    actor: AccessClaims,
    format: ClinicalFileFormat,
  ): Promise<Download> {
    const patient = await this.repo.person(actor.sub);
    if (!patient) throw notFound();
    const scope = ownScope(actor.sub);
    const range = await this.period(scope, patient.timezone, {});
    const header: RecordHeader = {
      patient,
      practitioner: null,
      range,
      include: { ...allParts, notes: false },
      generatedAt: this.ctx.clock.now(),
      own: true,
    };
    await this.ctx.audit.record(
      {
        action: 'EXPORT_DATA',
        resourceType: 'own_record',
        resourceId: actor.sub,
        patientId: actor.sub,
        metadata: { operation: 'download', format },
      },
      request,
    );
    return {
      stream: this.build(format, header, scope),
      contentType: contentTypes[format],
      fileName: clinicalExportFileName(`${patient.firstName} ${patient.lastName}`, range, format).replace(
        'clinical-record-',
        'my-record-',
      ),
    };
  }

  /** The tick: deletes the files of expired exports, and fails exports whose job was lost. */
  async purge(): Promise<{ expired: number; failed: number }> {
    const now = this.ctx.clock.now();
    const expired = await this.repo.expired(now, 200);
    for (const row of expired) {
      await this.ctx.files.deleteFolder(exportFolder(row.patientId, row.id));
      await this.repo.update(row.id, { status: 'expired', files: [] });
    }
    const stuck = await this.repo.stuck(new Date(now.getTime() - stuckAfterMs));
    for (const row of stuck) {
      await this.ctx.files.deleteFolder(exportFolder(row.patientId, row.id)).catch(() => undefined);
      await this.repo.update(row.id, { status: 'failed', error: msg.failed, progress: 0 });
    }
    return { expired: expired.length, failed: stuck.length };
  }
}
