import { formatNoteTime, noteDefaults, noteMessages, todoMessages } from '@mindledger/domain';
import { vi, type Mock } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import type { Note, SessionNote, Todo } from './api';

/** A fake of the clinical-notes calls for component tests, answering as the server does. */

export const patientId = '00000000-0000-4000-8000-000000000501';
let seq = 0;
const nextId = () => `00000000-0000-4000-8000-0000000007${String((seq += 1)).padStart(2, '0')}`;

export function makeNote(overrides: Partial<Note> = {}): Note {
  const id = overrides.id ?? nextId();
  return {
    _id: id,
    id,
    patientId,
    providerId: '00000000-0000-4000-8000-000000000002',
    title: noteDefaults.title,
    notes: 'Client reported better sleep this week.',
    additionalNotes: '',
    category: null,
    priority: 'normal',
    date: '2026-11-20',
    time: { hour: 3, minute: 30, period: 'PM' },
    timeFormatted: '3:30 PM',
    duration: 60,
    service: 'in-person',
    AIsummary: '',
    recommendation: [],
    frequency: noteDefaults.frequency,
    isSigned: false,
    signedAt: null,
    signedBy: null,
    addenda: [],
    createdAt: '2026-11-20T23:30:00.000Z',
    updatedAt: '2026-11-20T23:30:00.000Z',
    ...overrides,
  };
}

export function makeTodo(overrides: Partial<Todo> = {}): Todo {
  const id = overrides.id ?? nextId();
  return {
    _id: id,
    id,
    patientId,
    name: 'Send sleep hygiene handout',
    notes: '',
    prescription: '',
    materials: '',
    research: '',
    dueDate: null,
    priority: 'normal',
    done: false,
    doneAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export interface Failure {
  status: number;
  message: string;
}

export interface NotesServer {
  notes: Note[];
  todos: Todo[];
  sessionNotes: SessionNote[];
  signedLast30Days: number;
  /** Answers the next matching call with an error instead. */
  fail: (method: string, pattern: RegExp, failure: Failure) => void;
  fetchMock: Mock<typeof fetch>;
  calls: (method: string, pattern: RegExp) => Parameters<typeof fetch>[];
  /** Other paths (the overview page's own calls). */
  extra?: (url: URL, init?: RequestInit) => Response | null;
}

export const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]?.body ?? 'null')) as Record<string, unknown>;
export const headerOf = (call: Parameters<typeof fetch>, name: string) =>
  new Headers(call[1]?.headers).get(name);

const newest = (a: Note, b: Note) =>
  b.date.localeCompare(a.date) || b.time.hour - a.time.hour || b.time.minute - a.time.minute;

/** Stubs fetch with the fake; the state is the test's own. */
export function startNotesServer(): NotesServer {
  seq = 0;
  // Mantine's autosizing textareas listen to document.fonts, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  const failures: { method: string; pattern: RegExp; failure: Failure }[] = [];
  const keys = new Map<string, Note>();
  const server: NotesServer = {
    notes: [],
    todos: [],
    sessionNotes: [],
    signedLast30Days: 0,
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

  server.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/proxy\/v1\//, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const failing = failures.findIndex((f) => f.method === method && f.pattern.test(path));
    const failure = failing >= 0 ? failures.splice(failing, 1)[0]?.failure : undefined;
    if (failure) return error(failure.status, failure.message);
    const noteMatch = /^notes\/([^/]+)(\/addenda)?$/.exec(path);
    const note = server.notes.find((n) => n.id === noteMatch?.[1]);
    const todo = server.todos.find((t) => t.id === /^todos\/([^/]+)$/.exec(path)?.[1]);

    if (method === 'GET' && path === `get-all-notes/${patientId}`) {
      const category = url.searchParams.get('category');
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const list = server.notes
        .filter((n) => !category || n.category === category)
        .filter((n) => !status || n.isSigned === (status === 'signed'))
        .sort(newest);
      return jsonResponse({
        success: true,
        data: list.slice((page - 1) * limit, page * limit),
        total: list.length,
        page,
        hasNext: page * limit < list.length,
      });
    }
    if (method === 'GET' && path === 'get-all-session-notes')
      return jsonResponse({
        success: true,
        data: server.sessionNotes,
        signedLast30Days: server.signedLast30Days,
      });
    if (method === 'POST' && path === 'create-notes') {
      const key = headerOf([input, init], 'Idempotency-Key') ?? '';
      const again = keys.get(key);
      if (again) return ok(again, noteMessages.created, 201);
      const fields = body as Partial<Note>;
      const created = makeNote({
        ...fields,
        category: fields.category ?? null,
        ...(fields.time ? { timeFormatted: formatNoteTime(fields.time) } : {}),
      });
      server.notes.push(created);
      keys.set(key, created);
      return ok(created, noteMessages.created, 201);
    }
    if (noteMatch && !note) return error(404, noteMessages.notFound);
    if (note && method === 'GET') return ok(note);
    if (note && method === 'PUT') {
      if (note.isSigned) return error(409, noteMessages.signedLocked);
      const data = body.data as Partial<Note>;
      Object.assign(note, data);
      if (data.isSigned) note.signedAt = '2026-11-21T01:05:00.000Z';
      return ok(note, data.isSigned ? noteMessages.signed : noteMessages.updated);
    }
    if (note && method === 'DELETE') {
      if (note.isSigned) return error(409, noteMessages.signedNoDelete);
      server.notes = server.notes.filter((n) => n !== note);
      return jsonResponse({ success: true, message: noteMessages.deleted });
    }
    if (note && method === 'POST' && noteMatch?.[2]) {
      if (!note.isSigned) return error(409, noteMessages.addendumOnlySigned);
      const text = String(body.text);
      note.addenda.push({
        _id: nextId(),
        id: nextId(),
        authorId: note.providerId,
        authorName: 'Ada Hart',
        text,
        createdAt: '2026-11-22T17:00:00.000Z',
      });
      return ok(note, noteMessages.addendumAdded, 201);
    }
    if (method === 'POST' && path === 'generate-ai-summary')
      return ok({ AIsummary: `Summary: ${String(body.notes).split('.')[0]}.` });
    if (method === 'GET' && path === `todos/${patientId}`) return ok(server.todos);
    if (method === 'POST' && path === 'todos') {
      const created = makeTodo(body as Partial<Todo>);
      server.todos.push(created);
      return ok(created, todoMessages.created, 201);
    }
    if (todo && method === 'PUT') {
      Object.assign(todo, body);
      return ok(
        todo,
        body.done === undefined ? todoMessages.updated : body.done ? todoMessages.done : todoMessages.undone,
      );
    }
    if (todo && method === 'DELETE') {
      server.todos = server.todos.filter((t) => t !== todo);
      return jsonResponse({ success: true, message: todoMessages.deleted });
    }
    return server.extra?.(url, init) ?? error(500, `unexpected ${method} ${path}`);
  });
  vi.stubGlobal('fetch', server.fetchMock);
  return server;
}
