import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { addDays, clinicalExportMessages as msg, phq9 } from '@mindledger/domain';
import { auditLogs, clinicalExports, connections } from '../../db/schema/index.js';
import { connect } from '../../../test/connections.js';
import { insertEntries } from '../../../test/entries.js';
import { fhirErrors } from '../../../test/fhir-validate.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const hasPdftotext = existsSync('/usr/bin/pdftotext');

interface ExportView {
  id: string;
  status: string;
  progress: number;
  startDate: string;
  endDate: string;
  format: string;
  files: { format: string; fileName: string; size: number }[];
  error: string | null;
  expiresAt: string | null;
}

const phqAnswers = (score: number, item9 = 0) =>
  Object.fromEntries(phq9.items.map((item, i) => [item.linkId, i === 8 ? item9 : score]));

/** A connected pair with entries over three weeks (one private), two PHQ-9s, a goal, a signed note with an addendum, a draft note and a care plan. */
async function world() {
  const patient = await server.signIn({ firstName: 'Iris', lastName: 'Vale' });
  const provider = await server.signIn({ role: 'provider', firstName: 'Sam', lastName: 'Ortiz' });
  const connection = await connect(server, provider.user.id, patient.user.id);
  const today = server.today();
  const base = server.clock.now().getTime();
  await insertEntries(server, patient.user.id, 6, (i) => ({
    entryAt: new Date(base - i * 3 * 24 * HOUR),
    localDay: addDays(today, -i * 3),
    mood: i % 2 ? 'Anxious' : 'Calm',
    sentiment: i % 2 ? 'negative' : 'positive',
    coreEmotion: i % 2 ? 'Fear' : 'Calm',
    primaryEmotion: i % 2 ? 'Fear' : 'Calm',
    intensity: 4 + i,
    notes: i === 0 ? 'PRIVATE-WORDS only for me' : `Shared day ${i}`,
    isPrivate: i === 0,
  }));
  for (const score of [2, 1]) {
    const res = await patient.client.post('/api/v1/measures/responses', {
      kind: 'phq9',
      answers: phqAnswers(score),
    });
    expect(res.status).toBe(201);
  }
  expect((await patient.client.post('/api/v1/goals/', { text: 'Sleep seven hours a night' })).status).toBe(
    201,
  );
  const signed = await provider.client.post<{ data: { id: string } }>('/api/v1/create-notes', {
    patientId: patient.user.id,
    notes: 'Client reports poor sleep; we practised paced breathing.',
    date: today,
    isSigned: true,
  });
  expect(signed.status).toBe(201);
  await provider.client.post(`/api/v1/notes/${signed.body.data.id}/addenda`, {
    text: 'ADDENDUM-TEXT: 45 minutes.',
  });
  const plan = await provider.client.post('/api/ai/generate-careplan', { patientId: patient.user.id });
  expect(plan.status).toBe(200);
  await provider.client.post('/api/v1/create-notes', {
    patientId: patient.user.id,
    notes: 'DRAFT-ONLY words never exported',
    date: today,
  });
  return { patient, provider, connection, today };
}

async function initiate(client: Client, body: Record<string, unknown>) {
  return client.post<{ success: boolean; message: string; data: ExportView }>(
    '/api/v1/provider/clinical-export/initiate',
    body,
  );
}

async function settled(client: Client, id: string): Promise<ExportView> {
  for (let i = 0; i < 200; i++) {
    const res = await client.get<{ data: ExportView }>(`/api/v1/provider/clinical-export/status/${id}`);
    expect(res.status).toBe(200);
    if (res.body.data.status !== 'queued' && res.body.data.status !== 'processing') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
}

async function download(client: Client, id: string, format?: string) {
  const res = await fetch(
    `${server.url}/api/v1/provider/clinical-export/download/${id}${format ? `?format=${format}` : ''}`,
    { headers: { authorization: `Bearer ${client.token}` } },
  );
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('clinical export', () => {
  it('builds the PDF and the FHIR Bundle in a job; both download, audited, without private entries or drafts', async () => {
    const { patient, provider, today } = await world();
    const started = await initiate(provider.client, { patientId: patient.user.id });
    expect(started.status).toBe(202);
    expect(started.body.message).toBe(msg.started);
    expect(started.body.data).toMatchObject({ status: 'queued', format: 'both', endDate: today });
    expect(started.body.data.startDate).toBe(addDays(today, -15));
    const done = await settled(provider.client, started.body.data.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect(done.files.map((f) => f.format)).toEqual(['pdf', 'fhir']);
    expect(done.files[0]!.fileName).toBe(`clinical-record-iris-vale-${addDays(today, -15)}-to-${today}.pdf`);
    expect(Date.parse(done.expiresAt!) - server.clock.now().getTime()).toBeGreaterThan(23 * HOUR);

    const pdf = await download(provider.client, done.id, 'pdf');
    expect(pdf.res.status).toBe(200);
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.res.headers.get('content-disposition')).toBe(
      `attachment; filename="${done.files[0]!.fileName}"`,
    );
    expect(pdf.res.headers.get('cache-control')).toBe('no-store');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      const text = execFileSync('/usr/bin/pdftotext', ['-', '-'], {
        input: pdf.body,
        encoding: 'utf8',
      }).replace(/\s+/g, ' ');
      for (const words of [
        'Clinical record: Iris Vale',
        'Provider: Sam Ortiz',
        '5 entries on 5 days',
        'private entries are not included',
        'PHQ-9',
        'Sleep seven hours a night',
        'Treatment Plan',
        'paced breathing',
        'ADDENDUM-TEXT: 45 minutes.',
      ])
        expect(text).toContain(words);
      expect(text).not.toContain('PRIVATE-WORDS');
      expect(text).not.toContain('DRAFT-ONLY');
    }

    const fhir = await download(provider.client, done.id, 'fhir');
    expect(fhir.res.status).toBe(200);
    expect(fhir.res.headers.get('content-type')).toBe('application/fhir+json');
    const bundle = JSON.parse(fhir.body.toString('utf8')) as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const resources = bundle.entry!.map((e) => e.resource!);
    expect(await fhirErrors([bundle, ...resources])).toEqual([]);
    const types = new Set(resources.map((r) => r.resourceType));
    for (const type of [
      'Patient',
      'Practitioner',
      'CodeSystem',
      'Observation',
      'Questionnaire',
      'QuestionnaireResponse',
      'Goal',
      'CarePlan',
      'DocumentReference',
    ])
      expect(types).toContain(type);
    const entries = resources.filter(
      (r) =>
        r.resourceType === 'Observation' && (r as Observation).code.coding?.[0]?.code === 'journal-entry',
    );
    expect(entries).toHaveLength(5);
    const totals = resources.filter(
      (r) => r.resourceType === 'Observation' && (r as Observation).code.coding?.[0]?.code === '44261-6',
    );
    expect(totals.map((t) => (t as Observation).valueInteger)).toEqual([16, 8]);
    expect(resources.filter((r) => r.resourceType === 'DocumentReference')).toHaveLength(2);
    expect(fhir.body.toString('utf8')).not.toContain('PRIVATE-WORDS');
    expect(fhir.body.toString('utf8')).not.toContain(
      Buffer.from('DRAFT-ONLY').toString('base64').slice(0, 8),
    );

    const audited = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'EXPORT_DATA'), eq(auditLogs.resourceId, done.id)));
    expect(audited.map((a) => (a.metadata as { operation: string }).operation).sort()).toEqual([
      'download',
      'download',
      'initiate',
    ]);
    expect(audited.every((a) => a.patientId === patient.user.id && a.actorId === provider.user.id)).toBe(
      true,
    );

    const list = await provider.client.get<{ exports: ExportView[]; total: number }>(
      `/api/v1/provider/clinical-export/list/${patient.user.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.exports.map((e) => e.id)).toEqual([done.id]);
  });

  it('exports one format and only the parts asked for, in the period asked for', async () => {
    const { patient, provider, today } = await world();
    const started = await initiate(provider.client, {
      patientId: patient.user.id,
      startDate: addDays(today, -7),
      endDate: today,
      format: 'fhir',
      include: { entries: true, measures: false, goals: false, carePlans: false, notes: false },
    });
    const done = await settled(provider.client, started.body.data.id);
    expect(done.files.map((f) => f.format)).toEqual(['fhir']);
    const { body } = await download(provider.client, done.id);
    const bundle = JSON.parse(body.toString('utf8')) as Bundle;
    const types = bundle.entry!.map((e) => e.resource!.resourceType);
    expect(new Set(types)).toEqual(new Set(['Patient', 'Practitioner', 'CodeSystem', 'Observation']));
    expect(types.filter((t) => t === 'Observation')).toHaveLength(2); // days -3 and -6; day 0 is private
    expect((await download(provider.client, done.id, 'pdf')).res.status).toBe(404);
  });

  it('refuses bad requests with clear messages', async () => {
    const { patient, provider, today } = await world();
    const cases: [Record<string, unknown>, string][] = [
      [{ patientId: patient.user.id, startDate: today, endDate: addDays(today, -1) }, msg.rangeOrder],
      [{ patientId: patient.user.id, startDate: '2019-01-01', endDate: '2025-01-02' }, msg.rangeTooLong],
      [
        {
          patientId: patient.user.id,
          include: { entries: false, measures: false, goals: false, carePlans: false, notes: false },
        },
        msg.nothingIncluded,
      ],
      [{ patientId: patient.user.id, format: 'docx' }, 'Must be one of: pdf, fhir, both'],
      [{ patientId: 'not-an-id' }, 'Invalid format'],
    ];
    for (const [body, message] of cases) {
      const res = await initiate(provider.client, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });

  it("answers 403 with the spec's texts to an unconnected or disconnected provider, and 404 for another's export", async () => {
    const { patient, provider, connection } = await world();
    const done = await settled(
      provider.client,
      (await initiate(provider.client, { patientId: patient.user.id, format: 'pdf' })).body.data.id,
    );
    const stranger = await server.signIn({ role: 'provider' });
    const refused = await initiate(stranger.client, { patientId: patient.user.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(msg.noPermission);
    const unknown = await initiate(stranger.client, { patientId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(403);
    expect(
      (await stranger.client.get(`/api/v1/provider/clinical-export/list/${patient.user.id}`)).status,
    ).toBe(403);
    for (const path of [`status/${done.id}`, `download/${done.id}`, 'status/nope']) {
      const res = await stranger.client.get<{ message: string }>(`/api/v1/provider/clinical-export/${path}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(msg.notFound);
    }
    // the patient and an admin never reach a provider route
    expect((await initiate(patient.client, { patientId: patient.user.id })).status).toBe(403);
    const admin = await server.signIn({ role: 'admin' });
    expect((await admin.client.get(`/api/v1/provider/clinical-export/download/${done.id}`)).status).toBe(403);

    await server.database.db
      .update(connections)
      .set({ connectionStatus: 'disconnected' })
      .where(eq(connections.id, connection.id));
    const after = await provider.client.get<{ message: string }>(
      `/api/v1/provider/clinical-export/download/${done.id}`,
    );
    expect(after.status).toBe(403);
    expect(after.body.message).toBe(msg.noDownloadPermission);
    expect((await initiate(provider.client, { patientId: patient.user.id })).status).toBe(403);
    const failures = await server.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'AUTHORIZATION_FAILURE'), eq(auditLogs.resourceType, 'clinical_export')),
      );
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });

  it('answers the status of an export like its list and download once the connection ends (disconnected or inactive), naming nobody', async () => {
    for (const end of ['disconnect', 'mark-inactive'] as const) {
      const { patient, provider } = await world();
      const done = await settled(
        provider.client,
        (await initiate(provider.client, { patientId: patient.user.id, format: 'pdf' })).body.data.id,
      );
      expect(done.files[0]?.fileName).toContain('vale');
      const ended = await provider.client.patch(
        `/api/v1/provider/clients/${patient.user.id}/${end}`,
        end === 'mark-inactive' ? { reason: 'Paused' } : {},
      );
      expect(ended.status, end).toBe(200);
      const base = '/api/v1/provider/clinical-export';
      const status = await provider.client.get<{ message: string }>(`${base}/status/${done.id}`);
      const list = await provider.client.get<{ message: string }>(`${base}/list/${patient.user.id}`);
      const file = await provider.client.get<{ message: string }>(`${base}/download/${done.id}`);
      expect([status.status, list.status, file.status], end).toEqual([403, 403, 403]);
      expect(status.body.message).toBe(msg.noPermission);
      expect(list.body.message).toBe(msg.noPermission);
      expect(file.body.message).toBe(msg.noDownloadPermission);
      for (const reply of [status, list, file])
        expect(JSON.stringify(reply.body)).not.toMatch(/iris|vale|clinical-record-/i);
    }
  });

  it('expires: after 24 hours the download is 404 with the spec text and the purge deletes the files', async () => {
    const { patient, provider } = await world();
    const done = await settled(
      provider.client,
      (await initiate(provider.client, { patientId: patient.user.id, format: 'pdf' })).body.data.id,
    );
    const [row] = await server.database.db
      .select()
      .from(clinicalExports)
      .where(eq(clinicalExports.id, done.id));
    expect(await server.ctx.files.open(row!.files[0]!.key)).not.toBeNull();
    // 24 hours later (the row's clock moved back rather than the server's, whose tokens would expire)
    await server.database.db
      .update(clinicalExports)
      .set({ expiresAt: new Date(server.clock.now().getTime() - 1000) })
      .where(eq(clinicalExports.id, done.id));
    const res = await download(provider.client, done.id);
    expect(res.res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).message).toBe(msg.notFound);
    const status = await provider.client.get<{ data: ExportView }>(
      `/api/v1/provider/clinical-export/status/${done.id}`,
    );
    expect(status.body.data).toMatchObject({ status: 'expired', files: [] });
    expect((await server.services.clinicalExport.purge()).expired).toBeGreaterThanOrEqual(1);
    expect(await server.ctx.files.open(row!.files[0]!.key)).toBeNull();
    const [after] = await server.database.db
      .select()
      .from(clinicalExports)
      .where(eq(clinicalExports.id, done.id));
    expect(after).toMatchObject({ status: 'expired', files: [] });
  });

  it('fails builds whose job was lost', async () => {
    const { patient, provider } = await world();
    const [stuck] = await server.database.db
      .insert(clinicalExports)
      .values({
        requestedBy: provider.user.id,
        patientId: patient.user.id,
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        include: { entries: true, measures: true, goals: true, carePlans: true, notes: true },
        format: 'pdf',
        status: 'queued',
        createdAt: new Date(server.clock.now().getTime() - HOUR),
      })
      .returning();
    await server.services.clinicalExport.purge();
    const status = await provider.client.get<{ data: ExportView }>(
      `/api/v1/provider/clinical-export/status/${stuck!.id}`,
    );
    expect(status.body.data).toMatchObject({ status: 'failed', error: msg.failed });
  });
});

describe("the client's own copy", () => {
  it('downloads at once as PDF or FHIR, with private entries (marked), audited; providers cannot', async () => {
    const { patient, provider } = await world();
    const get = (client: Client, format: string) =>
      fetch(`${server.url}/api/v1/my-record?format=${format}`, {
        headers: { authorization: `Bearer ${client.token}` },
      });
    const pdf = await get(patient.client, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-record-iris-vale-.+\.pdf"$/,
    );
    const pdfBody = Buffer.from(await pdf.arrayBuffer());
    if (hasPdftotext) {
      const text = execFileSync('/usr/bin/pdftotext', ['-', '-'], { input: pdfBody, encoding: 'utf8' });
      expect(text).toContain('My record: Iris Vale');
      expect(text).toContain('6 entries');
      expect(text).not.toContain('paced breathing'); // provider notes are the provider's
    }
    const fhir = await get(patient.client, 'fhir');
    expect(fhir.status).toBe(200);
    const bundle = (await fhir.json()) as Bundle;
    expect(await fhirErrors(bundle.entry!.map((e) => e.resource!))).toEqual([]);
    const observations = bundle
      .entry!.map((e) => e.resource!)
      .filter((r) => r.resourceType === 'Observation');
    const privateOne = observations.find((o) => JSON.stringify(o).includes('PRIVATE-WORDS')) as Observation;
    expect(privateOne.meta?.security?.[0]?.code).toBe('R');
    expect(bundle.entry!.some((e) => e.resource!.resourceType === 'Practitioner')).toBe(false);
    expect(bundle.entry!.some((e) => e.resource!.resourceType === 'DocumentReference')).toBe(false);

    expect((await get(provider.client, 'pdf')).status).toBe(403);
    expect((await get(patient.client, 'docx')).status).toBe(400);
    const audited = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'EXPORT_DATA'), eq(auditLogs.actorId, patient.user.id)));
    expect(audited.map((a) => (a.metadata as { format: string }).format).sort()).toEqual(['fhir', 'pdf']);
  });
});
