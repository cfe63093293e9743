import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiDocumentMessages, notesSummaryMessages } from '@mindledger/domain';
import { clearToasts, makeJwt, makeUser, renderWithProviders } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { NotesSummariesSection } from './NotesSummariesSection';
import {
  bodyOf,
  makeJson,
  makeSummary,
  patientId,
  startSummariesServer,
  type SummariesServer,
} from './test-summaries';

let server: SummariesServer;

beforeEach(async () => {
  await clearToasts();
  authStore.signIn(
    makeJwt(900),
    makeUser({ userRole: 'provider', id: '00000000-0000-4000-8000-000000000002' }),
  );
  server = startSummariesServer();
});

afterEach(async () => {
  cleanup();
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

const renderSection = () =>
  renderWithProviders(<NotesSummariesSection patientId={patientId} clientName="Cora Vale" />);

function toastTexts(kind: string) {
  return notificationsStore
    .getState()
    .notifications.filter((n) => n['data-toast-kind' as never] === kind)
    .map((n) => String(n.message));
}

const list = () => screen.findByRole('list', { name: 'Notes summaries' });
const detail = () => screen.findByRole('region', { name: /^Summary / });

describe('AI notes summaries', () => {
  it('generates a summary over the chosen range and shows each point with the notes it came from', async () => {
    let release = () => undefined as void;
    server.gate = new Promise<void>((resolve) => (release = resolve));
    renderSection();
    expect(await screen.findByText('No summaries yet.')).toBeInTheDocument();
    expect(screen.getByText('Generate one from your notes over a range.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30 Days' })).toBeChecked();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      '1 Week',
      '2 Weeks',
      '30 Days',
      '90 Days',
    ]);

    await userEvent.click(screen.getByRole('radio', { name: '2 Weeks' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate summary' }));
    expect(await screen.findByRole('button', { name: 'Generating…' })).toBeDisabled();
    release();
    expect(await screen.findByText(notesSummaryMessages.generated)).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', /generate-notes-summary$/)[0]!)).toEqual({
      patientId,
      range: '2 Weeks',
    });

    const rows = within(await list()).getAllByRole('button');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAccessibleName(/^Nov 17, 2026 – Nov 30, 2026\s*Version 1$/);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    const shown = await detail();
    expect(within(shown).getByRole('heading', { level: 3, name: 'Notes Summary: Cora' })).toBeInTheDocument();
    expect(within(shown).getByRole('heading', { level: 4, name: 'Across the sessions' })).toBeInTheDocument();
    const point = within(shown).getByText('Sleep improved after reducing screens before bed.').closest('li')!;
    expect(point).toHaveTextContent('From: Progress Note, Nov 12, 2026');
    expect(
      within(shown).getByText('From: Progress Note, Nov 19, 2026; 4 journal entries'),
    ).toBeInTheDocument();
    expect(
      within(shown).getByText('Based on 2 notes, 4 journal entries and 0 shared documents.'),
    ).toBeVisible();
    expect(within(shown).getByRole('note')).toHaveTextContent(notesSummaryMessages.disclaimer);
  });

  it('says so when there are no notes in the range', async () => {
    server.fail('POST', /generate-notes-summary/, {
      status: 400,
      message: notesSummaryMessages.nothingToSummarise,
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Generate summary' }));
    expect(await screen.findByText(notesSummaryMessages.nothingToSummarise)).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', /generate-notes-summary/)[0]!)).toEqual({
      patientId,
      range: '30 Days',
    });
    expect(screen.getByText('No summaries yet.')).toBeInTheDocument();
  });

  it('lists the summaries newest first and shows a hand-edited one from its markup', async () => {
    const older = makeSummary({
      startDate: '2026-10-01',
      endDate: '2026-10-30',
      createdAt: '2026-10-30T10:00:00.000Z',
    });
    older.versions.push({
      ...older.versions[0]!,
      version: 2,
      editMode: 'manual',
      noteSum: '# Edited by me\n- Sleep is **better**',
    });
    older.sharedVersions = [2];
    server.summaries = [older, makeSummary()];
    renderSection();
    const rows = within(await list()).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Nov 1, 2026 – Nov 30, 2026Version 1',
      'Oct 1, 2026 – Oct 30, 2026Version 2Shared with client',
    ]);
    expect(within(rows[1]!).getByText('Shared with client')).toBeInTheDocument();

    await userEvent.click(rows[1]!);
    const shown = await detail();
    expect(await within(shown).findByRole('heading', { name: 'Edited by me' })).toBeInTheDocument();
    expect(within(shown).getByText('better').tagName).toBe('STRONG');
    expect(within(shown).queryByText(/^From:/)).toBeNull();
    expect(within(shown).getByText('Version 2 · Edited by hand')).toBeInTheDocument();
  });

  it('saves a hand edit as a new version (PUT manual with the markup)', async () => {
    server.summaries = [makeSummary()];
    renderSection();
    const shown = await detail();
    await userEvent.click(within(shown).getByRole('button', { name: 'Edit' }));
    const markup = within(shown).getByRole('textbox', { name: /^Summary/ });
    expect((markup as HTMLTextAreaElement).value).toMatch(/^# Notes Summary: Cora\n/);
    await userEvent.clear(markup);
    await userEvent.click(within(shown).getByRole('button', { name: 'Save' }));
    expect(await within(shown).findByText('Summary is required')).toBeInTheDocument();
    expect(server.calls('PUT', /update-patient-notes-summary/)).toHaveLength(0);

    await userEvent.type(markup, '# My summary{Enter}- Sleep is **better**');
    await userEvent.click(within(shown).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(notesSummaryMessages.updated)).toBeInTheDocument();
    const [put] = server.calls('PUT', /update-patient-notes-summary\//);
    expect(bodyOf(put!)).toEqual({ editMode: 'manual', noteSum: '# My summary\n- Sleep is **better**' });
    expect(await within(shown).findByRole('heading', { level: 3, name: 'My summary' })).toBeInTheDocument();
    expect(within(shown).getByText('Version 2 · Edited by hand')).toBeInTheDocument();
    expect(within(shown).queryByRole('textbox')).toBeNull();
  });

  it('refines with a quick button, and shows the engine’s refusal of an unknown instruction', async () => {
    server.summaries = [makeSummary()];
    renderSection();
    const shown = await detail();
    await userEvent.click(within(shown).getByRole('button', { name: 'Refine' }));
    const instruction = within(shown).getByRole('textbox', { name: /How should it change\?/ });
    await userEvent.click(within(shown).getByRole('button', { name: 'Focus on…' }));
    expect(instruction).toHaveValue('Focus on ');
    expect(instruction).toHaveFocus();
    await userEvent.clear(instruction);

    await userEvent.click(within(shown).getByRole('button', { name: 'Shorter' }));
    expect(await screen.findByText(notesSummaryMessages.refined)).toBeInTheDocument();
    expect(bodyOf(server.calls('PUT', /update-patient-notes-summary\//)[0]!)).toEqual({
      editMode: 'refine',
      refinmentDetails: 'shorter',
    });
    expect(await within(shown).findByText('Version 2 · Refined: “shorter”')).toBeInTheDocument();
    expect(within(shown).queryByText('Panic before team meetings eased with paced breathing.')).toBeNull();

    await userEvent.click(within(shown).getByRole('button', { name: 'Refine' }));
    await userEvent.click(within(shown).getByRole('button', { name: 'Refine summary' }));
    expect(await within(shown).findByText(notesSummaryMessages.refinementRequired)).toBeInTheDocument();
    await userEvent.type(
      within(shown).getByRole('textbox', { name: /How should it change\?/ }),
      'make it rhyme',
    );
    await userEvent.click(within(shown).getByRole('button', { name: 'Refine summary' }));
    await waitFor(() => expect(toastTexts('error')).toEqual([notesSummaryMessages.unknownRefinement]));
    expect(within(shown).getByRole('textbox', { name: /How should it change\?/ })).toHaveValue(
      'make it rhyme',
    );
    expect(within(shown).getByText('Version 2 · Refined: “shorter”')).toBeInTheDocument();
  });

  it('shares the current version after confirming, and warns when it was already shared', async () => {
    server.summaries = [makeSummary()];
    renderSection();
    const shown = await detail();
    await userEvent.click(within(shown).getByRole('button', { name: 'Share with client' }));
    let confirm = await screen.findByRole('dialog', { name: 'Share with client?' });
    expect(confirm).toHaveTextContent('Cora Vale will be able to read version 1 of this summary');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastTexts('success')).toEqual(['Shared with your client.']));
    expect(bodyOf(server.calls('POST', /share-summary$/)[0]!)).toEqual({
      notesSummaryId: server.summaries[0]!.id,
    });
    expect(await within(shown).findByText('Shared with client')).toBeInTheDocument();

    await userEvent.click(within(shown).getByRole('button', { name: 'Share with client' }));
    confirm = await screen.findByRole('dialog', { name: 'Share with client?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastTexts('warning')).toEqual([aiDocumentMessages.alreadyShared]));
  });

  it('lists the versions and opens an earlier one read-only', async () => {
    const s = makeSummary({ json: makeJson({ title: 'First take' }) });
    s.versions.push({
      ...s.versions[0]!,
      version: 2,
      editMode: 'refine',
      refinementDetails: 'shorter',
      jsonSummary: makeJson({ title: 'Second take' }),
      createdAt: '2026-12-01T17:05:00.000Z',
    });
    server.summaries = [s];
    renderSection();
    const shown = await detail();
    expect(await within(shown).findByRole('heading', { name: 'Second take' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Version history' }));
    const history = await screen.findByRole('dialog', { name: 'Version history' });
    const versions = within(within(history).getByRole('list', { name: 'Versions' })).getAllByRole('button');
    expect(versions.map((v) => v.textContent)).toEqual([
      'Version 2CurrentRefined: “shorter” · Dec 1, 2026 9:05 AM · Ada Hart',
      'Version 1Generated · Nov 30, 2026 10:00 AM · Ada Hart',
    ]);
    expect(within(versions[0]!).getByText('Current')).toBeInTheDocument();

    await userEvent.click(versions[1]!);
    expect(await within(history).findByRole('heading', { name: 'First take' })).toBeInTheDocument();
    expect(within(history).getByText('Version 1 · read-only')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(server.calls('GET', /notes-summary\/[^/]+\/versions\/1$/)).toHaveLength(1);
    await userEvent.click(within(history).getByRole('button', { name: 'All versions' }));
    expect(await within(history).findByRole('list', { name: 'Versions' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the summaries do not load', async () => {
    server.fail('POST', /get-patient-notes-summary/, {
      status: 403,
      message: 'You do not have access to this client',
    });
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have access to this client');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No summaries yet.')).toBeInTheDocument();
  });
});
