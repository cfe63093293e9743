import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carePlanMessages } from '@mindledger/domain';
import { clearToasts, makeJwt, makeUser } from '../../../test/helpers';
import { unsavedChangesText } from '../../../ui/UnsavedChangesGuard';
import { authStore } from '../../auth/auth-store';
import { bodyOf, makeDoc, makePlan, startCarePlansServer, type CarePlansServer } from './test-care-plans';
import { confirm, drawer, openPlan, plansList, renderSection, toastKind } from './test-render';

let server: CarePlansServer;

beforeEach(() => {
  authStore.signIn(
    makeJwt(900),
    makeUser({ userRole: 'provider', id: '00000000-0000-4000-8000-000000000002' }),
  );
  server = startCarePlansServer();
});

afterEach(async () => {
  cleanup();
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

describe('Care plans: list and generate', () => {
  it('lists the plans newest first with their state, sharing and overall completion', async () => {
    const older = makePlan({ doc: makeDoc({ title: 'Intake plan', date: '2026-10-01' }), isSigned: true });
    older.sharedVersions = [1];
    server.plans = [older, makePlan()];
    renderSection();
    const rows = within(await plansList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('button')[0]!.textContent)).toEqual([
      'Treatment Plan',
      'Intake plan',
    ]);
    expect(rows[0]).toHaveTextContent('Nov 20, 2026');
    expect(within(rows[0]!).getByText('Draft')).toBeVisible();
    const progress = within(rows[0]!).getByRole('progressbar', {
      name: 'Overall completion of Treatment Plan',
    });
    expect(progress).toHaveAttribute('aria-valuenow', '20');
    expect(rows[0]).toHaveTextContent('20% complete');
    expect(within(rows[1]!).getByText('Signed')).toBeVisible();
    expect(within(rows[1]!).getByText('Shared with client')).toBeVisible();
    expect(within(rows[0]!).queryByText('Shared with client')).toBeNull();
  });

  it('shows an error with a retry, then the empty state', async () => {
    server.fail('GET', /get-careplan\//, { status: 403, message: 'You do not have access to this client' });
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have access to this client');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No care plans yet.')).toBeInTheDocument();
    expect(screen.getByText('Generate a draft from your notes and the client’s goals.')).toBeInTheDocument();
  });

  it('generates a draft and opens it in the structured editor', async () => {
    renderSection();
    await screen.findByText('No care plans yet.');
    // The generation answers when the test says so.
    let release = () => undefined as void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const answer = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementationOnce(async (...args) => {
      await answered;
      return answer(...args);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Generate care plan' }));
    expect(screen.getByRole('button', { name: 'Generating…' })).toBeDisabled();
    release();
    const editor = await drawer();
    expect(await screen.findByText(carePlanMessages.generated)).toBeInTheDocument();
    expect(within(editor).getByLabelText(/^Title/)).toHaveValue('Treatment Plan');
    expect(within(editor).getByLabelText(/^Date/)).toHaveValue('2026-11-20');
    expect(within(editor).getByLabelText('AM/PM')).toHaveValue('PM');
    expect(within(editor).getByRole('combobox', { name: /^Diagnosis code/ })).toHaveValue('');
    expect(within(editor).getByLabelText('Problem')).toHaveValue(makeDoc().problem);
    const goal = within(editor).getByRole('group', { name: 'Goal 1' });
    expect(within(goal).getByLabelText(/^Goal/)).toHaveValue('Sleep seven hours a night');
    const objective = within(goal).getByRole('group', { name: 'Objective 1' });
    expect(within(objective).getByLabelText('Completion (%)')).toHaveValue('20');
    expect(within(objective).getByLabelText('Status')).toHaveDisplayValue('In progress');
    expect(within(objective).getByLabelText(/^Intervention/)).toHaveValue('Sleep diary every morning');
    expect(within(editor).getByLabelText('Follow-up frequency')).toHaveValue('Every 4 Months');
    expect(within(editor).getByLabelText('Client has reviewed and agreed to this plan')).not.toBeChecked();
    expect(await within(await plansList()).findByText('Draft')).toBeInTheDocument();
  });
});

describe('Care plans: the editor', () => {
  it('fills the code and description from the ICD-10 search', async () => {
    server.plans = [makePlan()];
    renderSection();
    const editor = await openPlan();
    await userEvent.type(
      within(editor).getByRole('combobox', { name: /^Diagnosis code/ }),
      'generalized anx',
    );
    await userEvent.click(
      await screen.findByRole('option', { name: 'F41.1 — Generalized anxiety disorder' }),
    );
    expect(within(editor).getByRole('combobox', { name: /^Diagnosis code/ })).toHaveValue('F41.1');
    expect(within(editor).getByLabelText('Diagnosis description')).toHaveValue(
      'Generalized anxiety disorder',
    );
  });

  it('saves an edited objective (a manual version without isSigned) and checks with the schema first', async () => {
    server.plans = [makePlan()];
    renderSection();
    const editor = await openPlan();
    const objective = within(editor).getByRole('group', { name: 'Objective 1' });
    const completion = within(objective).getByLabelText('Completion (%)');
    await userEvent.clear(completion);
    await userEvent.type(completion, '60');
    await userEvent.selectOptions(within(objective).getByLabelText('Status'), 'completed');
    await userEvent.click(within(editor).getByRole('button', { name: 'Add goal' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    const goal2 = within(editor).getByRole('group', { name: 'Goal 2' });
    expect(await within(goal2).findByText('Goal is required')).toBeInTheDocument();
    expect(server.calls('PUT', /update-careplan/)).toHaveLength(0);
    await userEvent.click(within(goal2).getByRole('button', { name: 'Remove goal 2' }));

    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(carePlanMessages.updated)).toBeInTheDocument();
    const body = bodyOf(server.calls('PUT', /update-careplan/)[0]!);
    expect(body).toEqual({ carePlan: expect.any(Object), editMode: 'manual' });
    expect(body.carePlan).not.toHaveProperty('isSigned');
    expect(body.carePlan).toMatchObject({
      title: 'Treatment Plan',
      time: { hour: 3, minute: 30, period: 'PM' },
      goals: [
        { id: 'goal-sleep', objectives: [{ id: 'objective-diary', completion: 60, status: 'completed' }] },
      ],
    });
    expect(await within(editor).findByText(/^Version 2 · Edited/)).toBeInTheDocument();
  });

  it('signs after confirming; a missing diagnosis or goal is refused with the spec’s message', async () => {
    server.plans = [makePlan()];
    renderSection();
    const editor = await openPlan();
    await userEvent.click(within(editor).getByRole('button', { name: 'Sign plan' }));
    expect(await toastKind(carePlanMessages.diagnosisToSign)).toBe('error');
    expect(screen.queryByRole('dialog', { name: 'Sign this care plan?' })).toBeNull();

    await userEvent.type(within(editor).getByRole('combobox', { name: /^Diagnosis code/ }), 'f411');
    server.fail('PUT', /update-careplan/, { status: 400, message: carePlanMessages.goalToSign });
    await userEvent.click(within(editor).getByRole('button', { name: 'Sign plan' }));
    await confirm('Sign this care plan?', 'Sign');
    expect(await toastKind(carePlanMessages.goalToSign)).toBe('error');

    await userEvent.click(within(editor).getByRole('button', { name: 'Sign plan' }));
    const dialog = await confirm('Sign this care plan?', 'Sign');
    expect(dialog).toHaveTextContent(
      'Signing records you as the signer. Editing a signed plan later keeps this signed version in its history.',
    );
    expect(await screen.findByText(carePlanMessages.signed)).toBeInTheDocument();
    const body = bodyOf(server.calls('PUT', /update-careplan/).at(-1)!);
    expect(body).toMatchObject({
      isSigned: true,
      editMode: 'manual',
      carePlan: { diagnosis: { code: 'F41.1' } },
    });
    expect(body.carePlan).not.toHaveProperty('isSigned');
    expect(await within(editor).findByRole('button', { name: 'Edit signed plan' })).toBeInTheDocument();
    expect(within(editor).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('asks before losing unsaved changes when leaving the page', async () => {
    server.plans = [makePlan()];
    const { router } = renderSection();
    const editor = await openPlan();
    await userEvent.type(within(editor).getByLabelText('Justification'), 'Needs support.');
    void router.navigate('/provider/dashboard');
    const guard = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(guard).toHaveTextContent(unsavedChangesText);
    await userEvent.click(within(guard).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(server.calls('PUT', /update-careplan/)).toHaveLength(0);
  });
});
