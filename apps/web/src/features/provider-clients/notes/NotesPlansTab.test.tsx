import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDay, localMinutes, noteMessages } from '@mindledger/domain';
import { clearToasts, makeJwt, makeUser, renderRoutes } from '../../../test/helpers';
import { unsavedChangesAutosaveText, unsavedChangesText } from '../../../ui/UnsavedChangesGuard';
import { authStore } from '../../auth/auth-store';
import { noteDraftKey } from './draft-storage';
import { NotesPlansTab } from './NotesPlansTab';
import {
  bodyOf,
  headerOf,
  makeNote,
  makeTodo,
  patientId,
  startNotesServer,
  type NotesServer,
} from './test-notes';
import { autosaveDelayMs } from './useNoteAutosave';

let server: NotesServer;

beforeEach(() => {
  authStore.signIn(
    makeJwt(900),
    makeUser({ userRole: 'provider', id: '00000000-0000-4000-8000-000000000002' }),
  );
  server = startNotesServer();
});

afterEach(async () => {
  // Unmounting saves a pending draft: let it reach the fake before fetch is restored.
  cleanup();
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

function renderTab() {
  return renderRoutes(
    [
      {
        path: '/provider/patient-overview/:patientId',
        element: <NotesPlansTab patientId={patientId} clientName="Cora Vale" />,
      },
      { path: '/provider/dashboard', element: <h1>Dashboard page</h1> },
    ],
    `/provider/patient-overview/${patientId}`,
  );
}

const notesList = () => screen.findByRole('list', { name: 'Session notes' });
const drawer = () => screen.findByRole('dialog', { name: 'Progress note' });
async function openNewNote() {
  await userEvent.click(await screen.findByRole('button', { name: 'New progress note' }));
  return drawer();
}

/** Holds the autosave timers (2 s) so that a test decides when, or whether, they fire. */
function holdAutosaveTimers() {
  const held: (() => void)[] = [];
  const real = globalThis.setTimeout.bind(globalThis);
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
    if (ms !== autosaveDelayMs) return real(handler, ms);
    held.push(handler);
    return 0;
  }) as unknown as typeof setTimeout);
  return { fireLast: () => held.splice(0).at(-1)?.(), held };
}

describe('Notes/Plans: session notes', () => {
  it('lists the notes newest first with their badges, and filters them on the server', async () => {
    server.notes = [
      makeNote({ title: 'Intake', date: '2026-11-01', category: 'assessment', isSigned: true }),
      makeNote({ title: 'Crisis call', date: '2026-11-10', category: 'emergency', priority: 'urgent' }),
    ];
    renderTab();
    const rows = within(await notesList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual(['Crisis call', 'Intake']);
    expect(rows[0]).toHaveTextContent('Nov 10, 2026 · 3:30 PM');
    for (const text of ['Emergency', 'Urgent priority', 'Draft'])
      expect(within(rows[0]!).getByText(text)).toBeVisible();
    expect(within(rows[1]!).getByText('Assessment')).toBeVisible();
    expect(within(rows[1]!).getByText('Signed')).toBeVisible();
    expect(within(rows[1]!).queryByText(/priority/)).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Filter by category'), 'assessment');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Session notes' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Drafts' }));
    expect(await screen.findByText('No notes match these filters.')).toBeInTheDocument();
    const last = new URL(String(server.calls('GET', /get-all-notes/).at(-1)![0]), 'http://x');
    expect(Object.fromEntries(last.searchParams)).toEqual({
      category: 'assessment',
      status: 'draft',
      page: '1',
      limit: '10',
    });
  });

  it('shows an error with a retry, then the empty state', async () => {
    server.fail('GET', /get-all-notes/, { status: 403, message: 'You do not have access to this client' });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have access to this client');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    expect(screen.getByText('Write your first progress note for this client.')).toBeInTheDocument();
  });

  it('opens a new note with the spec’s defaults and shows the schema’s message when the notes are empty', async () => {
    renderTab();
    const editor = await openNewNote();
    expect(within(editor).getByLabelText(/^Title/)).toHaveValue('Progress Note');
    // now where the provider's profile is (America/Denver), not where the test runs (Los Angeles)
    const now = new Date();
    expect(within(editor).getByLabelText(/^Date/)).toHaveValue(localDay(now, 'America/Denver'));
    expect(within(editor).getByLabelText('AM/PM')).toHaveValue(
      localMinutes(now, 'America/Denver') < 720 ? 'AM' : 'PM',
    );
    expect(within(editor).getByLabelText('Minute')).toHaveValue(
      String(localMinutes(now, 'America/Denver') % 60),
    );
    expect(within(editor).getByLabelText('Duration (minutes)')).toHaveValue('60');
    expect(within(editor).getByLabelText('Service')).toHaveDisplayValue('In-person');
    expect(within(editor).getByLabelText('Priority')).toHaveValue('normal');
    expect(within(editor).getByLabelText('Follow-up frequency')).toHaveValue('Every 4 Months');
    expect(within(editor).getByText('0 / 50,000 characters')).toBeInTheDocument();

    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }));
    expect(await within(editor).findByText('Notes is required')).toBeInTheDocument();
    expect(server.calls('POST', /create-notes/)).toHaveLength(0);
  });

  it('autosaves 2 s after the last edit: created once with its Idempotency-Key, then updated with { data }', async () => {
    renderTab();
    const editor = await openNewNote();
    const notes = within(editor).getByLabelText(/^Notes/);
    await userEvent.type(notes, 'Slept better.');
    await userEvent.click(within(editor).getByRole('button', { name: 'Add recommendation' }));
    await userEvent.type(within(editor).getByLabelText('Recommendation 1'), 'Sleep diary');
    expect(server.calls('POST', /create-notes/)).toHaveLength(0);
    await waitFor(() => expect(server.calls('POST', /create-notes/)).toHaveLength(1), { timeout: 6000 });
    const [create] = server.calls('POST', /create-notes/);
    expect(headerOf(create!, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(bodyOf(create!)).toMatchObject({
      patientId,
      title: 'Progress Note',
      notes: 'Slept better.',
      duration: 60,
      service: 'in-person',
      priority: 'normal',
      frequency: 'Every 4 Months',
      recommendation: ['Sleep diary'],
      isSigned: false,
    });
    expect(await within(editor).findByText('Draft saved')).toBeInTheDocument();
    const id = server.notes[0]!.id;
    expect(sessionStorage.getItem(noteDraftKey(patientId))).toBe(id);

    await userEvent.type(notes, ' Less worry.');
    await waitFor(() => expect(server.calls('PUT', new RegExp(`notes/${id}$`))).toHaveLength(1), {
      timeout: 6000,
    });
    const [put] = server.calls('PUT', /notes\//);
    expect(bodyOf(put!).data).toMatchObject({
      notes: 'Slept better. Less worry.',
      category: null,
      AIsummary: '',
    });
    expect(server.calls('POST', /create-notes/)).toHaveLength(1);
    expect(await within(editor).findByText('Draft saved')).toBeInTheDocument();
  });

  it('retries a failed first save with the same Idempotency-Key and words, then sends the newer ones', async () => {
    const timers = holdAutosaveTimers();
    server.fail('POST', /create-notes/, { status: 500, message: 'The service is busy. Try again.' });
    renderTab();
    const editor = await openNewNote();
    const notes = within(editor).getByLabelText(/^Notes/);
    await userEvent.type(notes, 'First words.');
    act(() => timers.fireLast());
    expect(await within(editor).findByText('Autosave failed')).toBeInTheDocument();
    expect(await screen.findByText('The service is busy. Try again.')).toBeInTheDocument();

    await userEvent.type(notes, ' More.');
    act(() => timers.fireLast());
    await waitFor(() => expect(server.calls('PUT', /notes\//)).toHaveLength(1));
    const [first, second] = server.calls('POST', /create-notes/);
    expect(headerOf(second!, 'Idempotency-Key')).toBe(headerOf(first!, 'Idempotency-Key'));
    expect(bodyOf(second!).notes).toBe('First words.');
    expect(bodyOf(server.calls('PUT', /notes\//)[0]!).data).toMatchObject({ notes: 'First words. More.' });
    expect(await within(editor).findByText('Draft saved')).toBeInTheDocument();
  });

  it('re-opens the remembered draft on coming back, and forgets it once closed', async () => {
    const draft = makeNote({
      notes: 'Worked on the sleep plan.',
      time: { hour: 9, minute: 7, period: 'AM' },
    });
    server.notes = [draft];
    sessionStorage.setItem(noteDraftKey(patientId), draft.id);
    renderTab();
    const editor = await drawer();
    expect(await within(editor).findByText('Autosaved draft restored.')).toBeInTheDocument();
    expect(within(editor).getByLabelText(/^Notes/)).toHaveValue('Worked on the sleep plan.');
    expect(within(editor).getByLabelText('Minute')).toHaveValue('7');
    expect(within(editor).getByRole('option', { name: '07' })).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Progress note' })).toBeNull());
    expect(sessionStorage.getItem(noteDraftKey(patientId))).toBeNull();
  });

  it('signs a note after confirming; the signed note is read-only and takes addenda', async () => {
    server.notes = [makeNote({ title: 'Week 3' })];
    renderTab();
    await userEvent.click(within(await notesList()).getByRole('button', { name: /^Open Week 3/ }));
    const editor = await drawer();
    await userEvent.click(await within(editor).findByRole('button', { name: 'Sign note' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign this note?' });
    expect(confirm).toHaveTextContent(
      'A signed note is locked: it cannot be edited or deleted. Corrections are added as addenda.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(noteMessages.signed)).toBeInTheDocument();
    expect(bodyOf(server.calls('PUT', /notes\//)[0]!)).toEqual({ data: { isSigned: true } });

    expect(await within(editor).findByText('Signed on Nov 20, 2026 at 5:05 PM')).toBeInTheDocument();
    expect(within(editor).queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(within(editor).getByText('Client reported better sleep this week.')).toBeInTheDocument();
    expect(within(editor).getByText('No addenda yet.')).toBeInTheDocument();
    expect(sessionStorage.getItem(noteDraftKey(patientId))).toBeNull();

    await userEvent.click(within(editor).getByRole('button', { name: 'Add addendum' }));
    expect(await within(editor).findByText('Addendum is required')).toBeInTheDocument();
    await userEvent.type(within(editor).getByLabelText(/^Addendum/), 'Exercise was five days, not seven.');
    await userEvent.click(within(editor).getByRole('button', { name: 'Add addendum' }));
    expect(await screen.findByText(noteMessages.addendumAdded)).toBeInTheDocument();
    const addenda = within(editor).getByRole('region', { name: /Addenda/ });
    expect(addenda).toHaveTextContent('Ada Hart · Nov 22, 2026 9:00 AM');
    expect(addenda).toHaveTextContent('Exercise was five days, not seven.');
  });

  it('shows a refused change (409) as an error toast with the server’s message', async () => {
    server.notes = [makeNote({ title: 'Week 4' })];
    server.fail('PUT', /^notes\//, { status: 409, message: noteMessages.signedLocked });
    renderTab();
    await userEvent.click(within(await notesList()).getByRole('button', { name: /^Open Week 4/ }));
    const editor = await drawer();
    await userEvent.type(await within(editor).findByLabelText(/^Notes/), ' More.');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(noteMessages.signedLocked)).toBeInTheDocument();
    expect(within(editor).getByText('Autosave failed')).toBeInTheDocument();
  });

  it('deletes a draft after confirming', async () => {
    server.notes = [makeNote({ title: 'Scratch' })];
    renderTab();
    await userEvent.click(within(await notesList()).getByRole('button', { name: /^Open Scratch/ }));
    const editor = await drawer();
    await userEvent.click(await within(editor).findByRole('button', { name: 'Delete draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(noteMessages.deleted)).toBeInTheDocument();
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Progress note' })).toBeNull();
  });

  it('guards unsaved changes: lost while the note is invalid, saved on Leave once it is valid', async () => {
    const timers = holdAutosaveTimers();
    const { router } = renderTab();
    const editor = await openNewNote();
    await userEvent.type(within(editor).getByLabelText(/^Title/), ' 2');
    void router.navigate('/provider/dashboard');
    let guard = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(guard).toHaveTextContent(unsavedChangesText);
    await userEvent.click(within(guard).getByRole('button', { name: 'Stay' }));

    await userEvent.type(within(editor).getByLabelText(/^Notes/), 'Calmer at work.');
    expect(timers.held.length).toBeGreaterThan(0);
    void router.navigate('/provider/dashboard');
    guard = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(guard).toHaveTextContent(unsavedChangesAutosaveText);
    expect(server.calls('POST', /create-notes/)).toHaveLength(0);
    await userEvent.click(within(guard).getByRole('button', { name: 'Leave' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('POST', /create-notes/)).toHaveLength(1));
    expect(bodyOf(server.calls('POST', /create-notes/)[0]!)).toMatchObject({
      title: 'Progress Note 2',
      notes: 'Calmer at work.',
    });
    await waitFor(() => expect(sessionStorage.getItem(noteDraftKey(patientId))).toBe(server.notes[0]!.id));
  });

  it('fills the AI summary from the current notes', async () => {
    renderTab();
    const editor = await openNewNote();
    await userEvent.type(
      within(editor).getByLabelText(/^Notes/),
      'Panic eased with breathing. Meetings remain hard.',
    );
    await userEvent.click(within(editor).getByRole('button', { name: 'Generate AI summary' }));
    await waitFor(() =>
      expect(within(editor).getByLabelText(/^AI summary/)).toHaveValue(
        'Summary: Panic eased with breathing.',
      ),
    );
    expect(bodyOf(server.calls('POST', /generate-ai-summary/)[0]!)).toEqual({
      notes: 'Panic eased with breathing. Meetings remain hard.',
    });
  });
});

describe('Notes/Plans: to-dos', () => {
  it('adds a to-do, ticks it off, and undoes the tick when the server refuses it', async () => {
    renderTab();
    const section = await screen.findByRole('region', { name: 'To-dos' });
    expect(await within(section).findByText('No to-dos yet.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Add to-do' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to-do' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to-do' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Send sleep handout');
    await userEvent.type(within(dialog).getByLabelText('Due date'), '2026-12-01');
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'high');
    await userEvent.type(within(dialog).getByLabelText('Materials'), 'Handout PDF');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to-do' }));
    expect(await screen.findByText('To-do added.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', /todos$/)[0]!)).toEqual({
      patientId,
      name: 'Send sleep handout',
      dueDate: '2026-12-01',
      priority: 'high',
      materials: 'Handout PDF',
    });

    const box = await within(section).findByRole('checkbox', { name: 'Send sleep handout' });
    const item = box.closest('li')!;
    expect(item).toHaveTextContent('Due Dec 1, 2026');
    expect(within(item).getByText('High priority')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Details of Send sleep handout' }));
    expect(item).toHaveTextContent('MaterialsHandout PDF');

    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    await waitFor(() => expect(server.todos[0]!.done).toBe(true));
    expect(bodyOf(server.calls('PUT', /todos\//)[0]!)).toEqual({ done: true });

    server.fail('PUT', /^todos\//, { status: 403, message: 'Maximum of 200 to-dos for a client reached' });
    await userEvent.click(box);
    expect(await screen.findByText('Maximum of 200 to-dos for a client reached')).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());
  });

  it('edits and deletes a to-do after confirming', async () => {
    server.todos = [makeTodo({ name: 'Read CBT chapter', notes: 'Chapter 3' })];
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Read CBT chapter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit to-do' });
    await userEvent.clear(within(dialog).getByLabelText('Notes'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('To-do updated.')).toBeInTheDocument();
    expect(bodyOf(server.calls('PUT', /todos\//)[0]!)).toMatchObject({
      name: 'Read CBT chapter',
      notes: '',
      dueDate: null,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Read CBT chapter' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this to-do?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('To-do deleted.')).toBeInTheDocument();
    expect(await screen.findByText('No to-dos yet.')).toBeInTheDocument();
  });
});
