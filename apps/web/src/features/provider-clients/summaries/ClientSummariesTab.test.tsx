import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guide } from '../../ai-documents/test-documents';
import { clearToasts, makeJwt, makeUser, renderRoutes } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { makeCarePlanDoc } from '../../from-providers/test-shares';
import type { CarePlanRecord } from '../notes-summaries/api';
import {
  makeSummary,
  patientId,
  startSummariesServer,
  type SummariesServer,
} from '../notes-summaries/test-summaries';
import { ClientSummariesTab } from './ClientSummariesTab';

let server: SummariesServer;

function carePlan(overrides: Partial<CarePlanRecord> = {}): CarePlanRecord {
  const id = overrides.id ?? '00000000-0000-4000-8000-000000000c01';
  return {
    _id: id,
    id,
    patientId,
    version: 2,
    carePlan: makeCarePlanDoc(),
    isSigned: true,
    signedAt: '2026-11-21T10:00:00.000Z',
    shared: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  authStore.signIn(
    makeJwt(900),
    makeUser({ userRole: 'provider', id: '00000000-0000-4000-8000-000000000002' }),
  );
  server = startSummariesServer();
});

afterEach(async () => {
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

const renderTab = () =>
  renderRoutes(
    [
      {
        path: '/provider/patient-overview/:patientId',
        element: <ClientSummariesTab patientId={patientId} />,
      },
    ],
    `/provider/patient-overview/${patientId}?tab=summaries`,
  );

describe('the Summaries tab', () => {
  it('keeps what the client shared read-only, apart from the provider’s own summaries and care plans', async () => {
    server.clientShares = [
      {
        id: 's1',
        kind: 'interviewGuide',
        summaryTableName: 'therapistinterviewquestions',
        sharedAt: '2026-11-18T10:00:00.000Z',
        document: {
          id: 'd1',
          kind: 'interviewGuide',
          content: guide,
          generatedAt: '2026-11-17T10:00:00.000Z',
        },
      },
    ];
    const shared = makeSummary();
    shared.sharedVersions = [1];
    server.summaries = [shared];
    server.carePlans = [
      carePlan(),
      carePlan({
        id: '00000000-0000-4000-8000-000000000c02',
        version: 1,
        isSigned: false,
        signedAt: null,
        carePlan: makeCarePlanDoc({ title: 'Sleep plan', date: '2026-10-02' }),
      }),
    ];
    renderTab();

    const fromClient = await screen.findByRole('region', { name: 'Shared by the client' });
    expect(within(fromClient).getByText('Read-only')).toBeInTheDocument();
    const item = await within(fromClient).findByRole('button', { name: /Target Therapist - Interview Qs/ });
    expect(item).toHaveTextContent('Shared by the client Nov 18, 2026');
    for (const action of ['Copy', 'Download PDF', 'Share', 'Edit'])
      expect(within(fromClient).queryByRole('button', { name: action })).toBeNull();

    const own = screen.getByRole('region', { name: 'Your summaries and care plans' });
    const summaries = await within(own).findByRole('list', { name: 'Notes summaries' });
    const summaryRow = within(summaries).getByRole('listitem');
    expect(summaryRow).toHaveTextContent('Notes Summary: Cora');
    expect(summaryRow).toHaveTextContent('Nov 1, 2026 – Nov 30, 2026 · Version 1');
    expect(summaryRow).toHaveTextContent('Shared with client');
    const plans = within(await within(own).findByRole('list', { name: 'Care plans' })).getAllByRole(
      'listitem',
    );
    expect(plans[0]).toHaveTextContent('Treatment Plan');
    expect(plans[0]).toHaveTextContent('Nov 20, 2026 · Version 2');
    expect(within(plans[0]!).getByText('Signed')).toBeInTheDocument();
    expect(plans[1]).toHaveTextContent('Sleep plan');
    expect(within(plans[1]!).getByText('Draft')).toBeInTheDocument();
    expect(within(own).queryAllByRole('button')).toHaveLength(0);
    expect(within(own).getByRole('link', { name: 'Open in Notes/Plans' })).toHaveAttribute(
      'href',
      `/provider/patient-overview/${patientId}?tab=notes/plans`,
    );
  });

  it('shows each part’s empty state, and an error with a retry for the care plans', async () => {
    server.fail('GET', /get-careplan/, { status: 403, message: 'You do not have access to this client' });
    renderTab();
    expect(await screen.findByText('No summaries shared yet.')).toBeInTheDocument();
    expect(await screen.findByText('No notes summaries yet.')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load your care plans');
    expect(alert).toHaveTextContent('You do not have access to this client');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No care plans yet.')).toBeInTheDocument();
  });
});
