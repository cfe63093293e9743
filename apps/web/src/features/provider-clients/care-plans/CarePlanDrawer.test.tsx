import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carePlanMessages } from '@mindledger/domain';
import { clearToasts, makeJwt, makeUser } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { bodyOf, makeDoc, makePlan, startCarePlansServer, type CarePlansServer } from './test-care-plans';
import { confirm, openPlan, renderSection, toastKind } from './test-render';

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

const signedDoc = () =>
  makeDoc({ diagnosis: { code: 'F41.1', description: 'Generalized anxiety disorder' }, isDeclared: true });

describe('Care plans: a signed plan', () => {
  it('opens read-only; "Edit signed plan" asks first, then Save sends editSigned and makes a new draft', async () => {
    server.plans = [makePlan({ doc: signedDoc(), isSigned: true })];
    renderSection();
    const view = await openPlan();
    expect(await within(view).findByText('F41.1 — Generalized anxiety disorder')).toBeInTheDocument();
    expect(within(view).getByText('Signed on Nov 20, 2026 at 5:05 PM', { exact: false })).toBeInTheDocument();
    expect(within(view).getByText('Client has reviewed and agreed to this plan')).toBeInTheDocument();
    expect(within(view).getByText('Overall completion: 20%')).toBeInTheDocument();
    expect(within(view).queryByRole('textbox')).toBeNull();
    expect(within(view).queryByRole('button', { name: 'Save' })).toBeNull();

    await userEvent.click(within(view).getByRole('button', { name: 'Edit signed plan' }));
    const dialog = await confirm('Edit a signed plan?', 'Edit plan');
    expect(dialog).toHaveTextContent(
      'The signed version stays in the plan’s history; your changes make a new draft that needs signing again.',
    );
    const problem = await within(view).findByLabelText('Problem');
    await userEvent.clear(problem);
    await userEvent.type(problem, 'Changed after review');
    await userEvent.click(within(view).getByRole('button', { name: 'Save' }));
    expect(await within(view).findByText(/^Version 2 · Edited/)).toBeInTheDocument();
    expect(within(view).getByText('Draft')).toBeInTheDocument();
    expect(bodyOf(server.calls('PUT', /update-careplan/)[0]!)).toMatchObject({
      editMode: 'manual',
      editSigned: true,
      carePlan: { problem: 'Changed after review', diagnosis: { code: 'F41.1' } },
    });
    expect(await screen.findByText(carePlanMessages.updated)).toBeInTheDocument();
  });

  it('lists the history and opens a version read-only', async () => {
    const plan = makePlan({ doc: makeDoc({ problem: 'First wording' }) });
    plan.versions.push(
      { ...plan.versions[0]!, version: 2, doc: signedDoc(), editMode: 'manual', isSigned: true },
      { ...plan.versions[0]!, version: 3, doc: makeDoc({ problem: 'Newest' }), editMode: 'refine' },
    );
    server.plans = [plan];
    renderSection();
    const editor = await openPlan();
    await userEvent.click(await within(editor).findByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'Care plan history' });
    const versions = within(history).getAllByRole('button', { name: /^Version \d/ });
    expect(versions.map((v) => v.getAttribute('aria-label'))).toEqual([
      'Version 3, Draft, Refined, Nov 20, 2026 3:30 PM',
      'Version 2, Signed, Edited, Nov 20, 2026 3:30 PM',
      'Version 1, Draft, Generated, Nov 20, 2026 3:30 PM',
    ]);
    expect(versions[0]).toHaveTextContent('Ada Hart');

    await userEvent.click(versions[2]!);
    const version = await within(history).findByRole('region', { name: 'Version 1' });
    expect(within(version).getByText('First wording')).toBeInTheDocument();
    expect(within(version).queryByRole('textbox')).toBeNull();
    expect(server.calls('GET', /careplan\/[^/]+\/versions\/1$/)).toHaveLength(1);
    await userEvent.click(within(history).getByRole('button', { name: 'All versions' }));
    expect(await within(history).findAllByRole('button', { name: /^Version \d/ })).toHaveLength(3);
  });
});

describe('Care plans: goals and sharing', () => {
  it('adds a plan goal as a therapist goal, and shows the goal limit’s message', async () => {
    server.plans = [makePlan()];
    renderSection();
    const editor = await openPlan();
    const add = await within(editor).findByRole('button', {
      name: 'Add as therapist goal: Sleep seven hours a night',
    });
    await userEvent.click(add);
    expect(await toastKind(carePlanMessages.goalAdopted)).toBe('success');
    expect(server.calls('POST', /careplan\/[^/]+\/goals\/goal-sleep\/therapist-goal$/)).toHaveLength(1);

    server.fail('POST', /therapist-goal$/, { status: 403, message: 'Maximum of 5 therapist goals reached' });
    await userEvent.click(add);
    expect(await toastKind('Maximum of 5 therapist goals reached')).toBe('error');

    // A goal not saved yet has nothing on the server to adopt.
    await userEvent.click(within(editor).getByRole('button', { name: 'Add goal' }));
    const goal2 = within(editor).getByRole('group', { name: 'Goal 2' });
    expect(within(goal2).queryByRole('button', { name: /^Add as therapist goal/ })).toBeNull();
    expect(
      within(goal2).getByText('Save the plan to add this goal as a therapist goal.'),
    ).toBeInTheDocument();
  });

  it('shares after confirming; the same version again is a warning', async () => {
    server.plans = [makePlan()];
    renderSection();
    const editor = await openPlan();
    await userEvent.click(await within(editor).findByRole('button', { name: 'Share with client' }));
    const dialog = await confirm('Share with client?', 'Share');
    expect(dialog).toHaveTextContent('Cora Vale will be able to read version 1 of this care plan');
    expect(await toastKind('Shared with your client.')).toBe('success');
    expect(bodyOf(server.calls('POST', /share-summary$/)[0]!)).toEqual({ carePlanId: server.plans[0]!.id });
    expect(await within(editor).findByText('Shared with client')).toBeInTheDocument();

    await userEvent.click(within(editor).getByRole('button', { name: 'Share with client' }));
    await confirm('Share with client?', 'Share');
    expect(await toastKind('Summary Already Shared.')).toBe('warning');
  });

  it('refines the plan with an instruction', async () => {
    server.plans = [makePlan()];
    renderSection();
    const editor = await openPlan();
    await userEvent.click(await within(editor).findByRole('button', { name: 'Refine with AI' }));
    const form = within(editor).getByRole('form', { name: 'Refine care plan' });
    await userEvent.click(within(form).getByRole('button', { name: 'Refine plan' }));
    expect(await within(form).findByText(carePlanMessages.refinementRequired)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Focus on…' }));
    const instruction = within(form).getByRole('textbox', { name: /How should the plan change\?/ });
    expect(instruction).toHaveValue('Focus on ');
    expect(instruction).toHaveFocus();
    await userEvent.type(instruction, 'sleep');
    await userEvent.click(within(form).getByRole('button', { name: 'Refine plan' }));
    await waitFor(() => expect(server.calls('PUT', /update-careplan/)).toHaveLength(1));
    expect(bodyOf(server.calls('PUT', /update-careplan/)[0]!)).toEqual({
      editMode: 'refine',
      refinmentDetails: 'Focus on sleep',
    });
    expect(await within(editor).findByLabelText('Problem')).toHaveValue('Refined: Focus on sleep');
    expect(within(editor).getByText(/^Version 2 · Refined/)).toBeInTheDocument();
  });
});
