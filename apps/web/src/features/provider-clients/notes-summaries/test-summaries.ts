import {
  aiDocumentMessages,
  notesSummaryMarkup,
  notesSummaryMessages,
  summaryRanges,
  type NotesSummary,
} from '@mindledger/domain';
import { vi, type Mock } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import type { CarePlanRecord, NotesSummaryRecord, SummaryVersionMode } from './api';

/** A fake of the notes-summary, care-plan and share calls for component tests, answering as the server does. */

export const patientId = '00000000-0000-4000-8000-000000000501';
let seq = 0;
const nextId = () => `00000000-0000-4000-8000-0000000009${String((seq += 1)).padStart(2, '0')}`;

export function makeJson(overrides: Partial<NotesSummary> = {}): NotesSummary {
  return {
    title: 'Notes Summary: Cora',
    range: { start: '2026-11-01', end: '2026-11-30' },
    overview: 'Three sessions; sleep and work worry came up most.',
    sections: [
      {
        heading: 'Across the sessions',
        points: [
          {
            text: 'Sleep improved after reducing screens before bed.',
            sources: [{ type: 'note', id: 'n1', label: 'Progress Note, Nov 12, 2026' }],
          },
          {
            text: 'Panic before team meetings eased with paced breathing.',
            sources: [
              { type: 'note', id: 'n2', label: 'Progress Note, Nov 19, 2026' },
              { type: 'journal', id: 'j1', label: '4 journal entries' },
            ],
          },
        ],
      },
      {
        heading: 'Recommendations and follow-up',
        points: [{ text: 'Sleep diary every morning', sources: [] }],
      },
    ],
    basedOn: { notes: 2, journalEntries: 4, sharedDocuments: 0 },
    disclaimer: notesSummaryMessages.disclaimer,
    ...overrides,
  };
}

interface StoredVersion {
  version: number;
  noteSum: string;
  jsonSummary: NotesSummary;
  editMode: SummaryVersionMode;
  refinementDetails: string | null;
  createdAt: string;
}

export interface StoredSummary {
  id: string;
  startDate: string;
  endDate: string;
  createdAt: string;
  versions: StoredVersion[];
  sharedVersions: number[];
}

export function makeSummary(
  overrides: Partial<Omit<StoredSummary, 'versions'>> & { json?: NotesSummary; noteSum?: string } = {},
): StoredSummary {
  const json = overrides.json ?? makeJson();
  return {
    id: overrides.id ?? nextId(),
    startDate: overrides.startDate ?? '2026-11-01',
    endDate: overrides.endDate ?? '2026-11-30',
    createdAt: overrides.createdAt ?? '2026-11-30T18:00:00.000Z',
    sharedVersions: overrides.sharedVersions ?? [],
    versions: [
      {
        version: 1,
        noteSum: overrides.noteSum ?? notesSummaryMarkup(json),
        jsonSummary: json,
        editMode: 'generated',
        refinementDetails: null,
        createdAt: overrides.createdAt ?? '2026-11-30T18:00:00.000Z',
      },
    ],
  };
}

export function present(s: StoredSummary, version?: number, withHistory = false): NotesSummaryRecord {
  const v = s.versions.find((x) => x.version === (version ?? s.versions.length))!;
  return {
    _id: s.id,
    id: s.id,
    patientId,
    startDate: s.startDate,
    endDate: s.endDate,
    version: v.version,
    noteSum: v.noteSum,
    jsonSummary: v.jsonSummary,
    editMode: v.editMode,
    refinmentDetails: v.refinementDetails,
    shared: s.sharedVersions.includes(v.version),
    sharedVersions: s.sharedVersions,
    versions: withHistory
      ? [...s.versions].reverse().map((x) => ({
          version: x.version,
          editMode: x.editMode,
          refinementDetails: x.refinementDetails,
          createdAt: x.createdAt,
          createdByName: 'Ada Hart',
        }))
      : undefined,
    createdAt: s.createdAt,
    updatedAt: s.createdAt,
  };
}

export interface Failure {
  status: number;
  message: string;
}

export interface SummariesServer {
  summaries: StoredSummary[];
  carePlans: CarePlanRecord[];
  /** The client's shares of the Summaries tab (journeyApi.shared). */
  clientShares: unknown[];
  /** Holds generate-notes-summary until it resolves (to see the button while generating). */
  gate: Promise<void> | null;
  fail: (method: string, pattern: RegExp, failure: Failure) => void;
  fetchMock: Mock<typeof fetch>;
  calls: (method: string, pattern: RegExp) => Parameters<typeof fetch>[];
}

export const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]?.body ?? 'null')) as Record<string, unknown>;

/** The built-in engine's refinements: anything else is refused with 400. */
function refine(json: NotesSummary, instruction: string): NotesSummary | null {
  const text = instruction.trim().toLowerCase();
  if (text === 'shorter')
    return { ...json, sections: json.sections.map((s) => ({ ...s, points: s.points.slice(0, 1) })) };
  const topic = /^focus on (.+)$/.exec(text)?.[1];
  if (!topic) return null;
  const points = json.sections.flatMap((s) => s.points).filter((p) => p.text.toLowerCase().includes(topic));
  return { ...json, sections: [{ heading: `Focus: ${topic}`, points }, ...json.sections] };
}

/** Stubs fetch with the fake; the state is the test's own. */
export function startSummariesServer(): SummariesServer {
  seq = 0;
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  const failures: { method: string; pattern: RegExp; failure: Failure }[] = [];
  const server: SummariesServer = {
    summaries: [],
    carePlans: [],
    clientShares: [],
    gate: null,
    fail: (method, pattern, failure) => failures.push({ method, pattern, failure }),
    fetchMock: vi.fn<typeof fetch>(),
    calls: (method, pattern) =>
      server.fetchMock.mock.calls.filter(
        ([input, init]) =>
          (init?.method ?? 'GET') === method && pattern.test(new URL(String(input), 'http://x').pathname),
      ),
  };
  const ok = (data: unknown, message?: string) =>
    jsonResponse({ success: true, ...(message ? { message } : {}), data });
  const error = (status: number, message: string) => jsonResponse({ success: false, message }, { status });

  server.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/proxy\/ai\//, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const failing = failures.findIndex((f) => f.method === method && f.pattern.test(path));
    const failure = failing >= 0 ? failures.splice(failing, 1)[0]?.failure : undefined;
    if (failure) return error(failure.status, failure.message);
    const match = /^(?:notes-summary|update-patient-notes-summary)\/([^/]+)(?:\/versions\/(\d+))?$/.exec(
      path,
    );
    const summary = server.summaries.find((s) => s.id === match?.[1]);

    if (method === 'POST' && path === 'get-patient-notes-summary') {
      const newest = [...server.summaries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return ok(newest.map((s) => present(s)));
    }
    if (method === 'POST' && path === 'generate-notes-summary') {
      if (server.gate) await server.gate;
      const days = summaryRanges.find((r) => r.label === body.range)?.days ?? 30;
      const start = new Date(Date.UTC(2026, 10, 30) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const created = makeSummary({
        startDate: start,
        createdAt: `2026-12-0${server.summaries.length + 1}T10:00:00.000Z`,
      });
      server.summaries.push(created);
      return ok(present(created, undefined, true), notesSummaryMessages.generated);
    }
    if (match && !summary) return error(404, notesSummaryMessages.notFound);
    if (summary && method === 'GET')
      return ok(present(summary, match?.[2] ? Number(match[2]) : undefined, true));
    if (summary && method === 'PUT') {
      const current = summary.versions.at(-1)!;
      const next: StoredVersion = {
        ...current,
        version: current.version + 1,
        editMode: body.editMode as SummaryVersionMode,
        refinementDetails: null,
        createdAt: '2026-12-02T09:30:00.000Z',
      };
      if (body.editMode === 'refine') {
        const refined = refine(current.jsonSummary, String(body.refinmentDetails ?? ''));
        if (!refined) return error(400, notesSummaryMessages.unknownRefinement);
        Object.assign(next, {
          jsonSummary: refined,
          noteSum: notesSummaryMarkup(refined),
          refinementDetails: body.refinmentDetails,
        });
      } else next.noteSum = String(body.noteSum);
      summary.versions.push(next);
      const message =
        body.editMode === 'refine' ? notesSummaryMessages.refined : notesSummaryMessages.updated;
      return ok(present(summary, undefined, true), message);
    }
    if (method === 'POST' && path === 'share-summary') {
      const target = server.summaries.find((s) => s.id === body.notesSummaryId);
      if (!target) return error(404, notesSummaryMessages.notFound);
      const version = target.versions.length;
      if (target.sharedVersions.includes(version))
        return jsonResponse({ success: true, warning: true, message: aiDocumentMessages.alreadyShared });
      target.sharedVersions.push(version);
      return jsonResponse({ success: true, warning: false, message: 'Shared with your client.', data: {} });
    }
    if (method === 'GET' && path === `get-careplan/${patientId}`) return ok(server.carePlans);
    if (method === 'GET' && path === `shared-summaries/${patientId}`) return ok(server.clientShares);
    return error(500, `unexpected ${method} ${path}`);
  });
  vi.stubGlobal('fetch', server.fetchMock);
  return server;
}
