import {
  carePlanMessages,
  carePlanSchema,
  carePlanSignBlocker,
  type CarePlanDocument,
} from '@mindledger/domain';
import { vi, type Mock } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import type { CarePlanRecord, CarePlanVersionMode } from './api';

/** A fake of the care-plan and share calls for component tests, answering as the server does. */

export const patientId = '00000000-0000-4000-8000-000000000501';
let seq = 0;
const nextId = () => `00000000-0000-4000-8000-0000000008${String((seq += 1)).padStart(2, '0')}`;

export function makeDoc(overrides: Partial<CarePlanDocument> = {}): CarePlanDocument {
  return {
    title: 'Treatment Plan',
    date: '2026-11-20',
    time: { hour: 3, minute: 30, period: 'PM' },
    diagnosis: { code: '', description: undefined },
    justification: undefined,
    discharge: undefined,
    AdditionalInfo: undefined,
    problem: 'Work worry and poor sleep (Progress Note, Nov 12, 2026).',
    goals: [
      {
        id: 'goal-sleep',
        title: 'Sleep seven hours a night',
        objectives: [
          {
            id: 'objective-diary',
            title: 'Keep a sleep diary',
            objectiveValue: '7 hours',
            duration: '8 weeks',
            strategy: [{ intervention: 'Sleep diary every morning', modality: 'CBT-I', frequency: 'Daily' }],
            completion: 20,
            status: 'in-progress',
          },
        ],
      },
    ],
    frequency: 'Every 4 Months',
    isDeclared: false,
    ...overrides,
  };
}

interface StoredVersion {
  version: number;
  doc: CarePlanDocument;
  editMode: CarePlanVersionMode;
  isSigned: boolean;
  signedAt: string | null;
  createdAt: string;
}

export interface StoredPlan {
  id: string;
  createdAt: string;
  versions: StoredVersion[];
  sharedVersions: number[];
}

export function makePlan(
  overrides: { id?: string; doc?: CarePlanDocument; isSigned?: boolean; createdAt?: string } = {},
): StoredPlan {
  const createdAt = overrides.createdAt ?? '2026-11-20T23:30:00.000Z';
  return {
    id: overrides.id ?? nextId(),
    createdAt,
    sharedVersions: [],
    versions: [
      {
        version: 1,
        doc: overrides.doc ?? makeDoc(),
        editMode: 'generated',
        isSigned: overrides.isSigned ?? false,
        signedAt: overrides.isSigned ? '2026-11-21T01:05:00.000Z' : null,
        createdAt,
      },
    ],
  };
}

const current = (p: StoredPlan) => p.versions.at(-1)!;

export function present(p: StoredPlan, version?: number, withHistory = false): CarePlanRecord {
  const v = p.versions.find((x) => x.version === (version ?? current(p).version))!;
  return {
    _id: p.id,
    id: p.id,
    patientId,
    version: v.version,
    carePlan: { ...v.doc, isSigned: v.isSigned },
    isSigned: current(p).isSigned,
    signedAt: current(p).signedAt,
    editMode: v.editMode,
    refinmentDetails: null,
    shared: p.sharedVersions.includes(v.version),
    sharedVersions: p.sharedVersions,
    versions: withHistory
      ? [...p.versions].reverse().map((x) => ({
          version: x.version,
          editMode: x.editMode,
          refinementDetails: null,
          isSigned: x.isSigned,
          signedAt: x.signedAt,
          createdAt: x.createdAt,
          createdByName: 'Ada Hart',
        }))
      : undefined,
    createdAt: p.createdAt,
    updatedAt: current(p).createdAt,
  };
}

export interface Failure {
  status: number;
  message: string;
}

export interface CarePlansServer {
  plans: StoredPlan[];
  /** Answers the next matching call with an error instead. */
  fail: (method: string, pattern: RegExp, failure: Failure) => void;
  fetchMock: Mock<typeof fetch>;
  calls: (method: string, pattern: RegExp) => Parameters<typeof fetch>[];
}

export const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]?.body ?? 'null')) as Record<string, unknown>;

/** Stubs fetch with the fake; the state is the test's own. */
export function startCarePlansServer(): CarePlansServer {
  seq = 0;
  // Mantine's autosizing textareas listen to document.fonts, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  const failures: { method: string; pattern: RegExp; failure: Failure }[] = [];
  const server: CarePlansServer = {
    plans: [],
    fail: (method, pattern, failure) => failures.push({ method, pattern, failure }),
    fetchMock: vi.fn<typeof fetch>(),
    calls: (method, pattern) =>
      server.fetchMock.mock.calls.filter(
        ([input, init]) =>
          (init?.method ?? 'GET') === method && pattern.test(new URL(String(input), 'http://x').pathname),
      ),
  };
  const ok = (data: unknown, message?: string, status = 200) =>
    jsonResponse({ success: true, ...(message ? { message } : {}), data }, { status });
  const error = (status: number, message: string) => jsonResponse({ success: false, message }, { status });
  const now = () => `2026-11-2${Math.min(9, 1 + seq)}T17:00:00.000Z`;

  server.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/proxy\/ai\//, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const failing = failures.findIndex((f) => f.method === method && f.pattern.test(path));
    const failure = failing >= 0 ? failures.splice(failing, 1)[0]?.failure : undefined;
    if (failure) return error(failure.status, failure.message);
    const planId = /^(?:get-careplan-by-id|update-careplan|careplan)\/([^/]+)/.exec(path)?.[1];
    const plan = server.plans.find((p) => p.id === planId);
    if (planId && !plan) return error(404, carePlanMessages.notFound);

    if (method === 'GET' && path === `get-careplan/${patientId}`)
      return ok([...server.plans].reverse().map((p) => present(p)));
    if (method === 'POST' && path === 'generate-careplan') {
      const created = makePlan({ createdAt: now() });
      server.plans.push(created);
      return ok(present(created, undefined, true), carePlanMessages.generated);
    }
    if (plan && method === 'GET' && path.startsWith('get-careplan-by-id/'))
      return ok(present(plan, undefined, true));
    const versionMatch = /^careplan\/[^/]+\/versions\/(\d+)$/.exec(path);
    if (plan && method === 'GET' && versionMatch) return ok(present(plan, Number(versionMatch[1]), true));
    if (plan && method === 'PUT') {
      const last = current(plan);
      const refine = body.editMode === 'refine';
      const changing = body.carePlan !== undefined || refine;
      if (last.isSigned && changing && body.editSigned !== true)
        return error(409, carePlanMessages.signedLocked);
      let doc = body.carePlan ? carePlanSchema.parse(body.carePlan) : undefined;
      if (refine) doc = { ...(doc ?? last.doc), problem: `Refined: ${String(body.refinmentDetails)}` };
      const signing = body.isSigned === true;
      const blocker = signing ? carePlanSignBlocker(doc ?? last.doc) : null;
      if (blocker) return error(400, blocker);
      const signedAt = signing ? '2026-11-22T18:00:00.000Z' : null;
      if (doc)
        plan.versions.push({
          version: last.version + 1,
          doc,
          editMode: refine ? 'refine' : 'manual',
          isSigned: signing,
          signedAt,
          createdAt: now(),
        });
      else if (signing) Object.assign(last, { isSigned: true, signedAt });
      return ok(present(plan, undefined, true), signing ? carePlanMessages.signed : carePlanMessages.updated);
    }
    const goalMatch = /^careplan\/[^/]+\/goals\/([^/]+)\/therapist-goal$/.exec(path);
    if (plan && method === 'POST' && goalMatch) {
      const goal = current(plan).doc.goals.find((g) => g.id === goalMatch[1]);
      if (!goal) return error(404, carePlanMessages.goalNotFound);
      return ok({ id: nextId(), text: goal.title }, carePlanMessages.goalAdopted, 201);
    }
    if (method === 'POST' && path === 'share-summary') {
      const shared = server.plans.find((p) => p.id === body.carePlanId);
      if (!shared) return error(404, carePlanMessages.notFound);
      const version = current(shared).version;
      if (shared.sharedVersions.includes(version))
        return jsonResponse({ success: true, warning: true, message: 'Summary Already Shared.' });
      shared.sharedVersions.push(version);
      return jsonResponse({ success: true, warning: false, message: 'Shared with your client.', data: {} });
    }
    return error(500, `unexpected ${method} ${path}`);
  });
  vi.stubGlobal('fetch', server.fetchMock);
  return server;
}
