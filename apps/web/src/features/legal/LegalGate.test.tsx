import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { LegalGate } from './LegalGate';

const user = makeUser();
const termsPending = {
  document: 'terms',
  title: 'Terms of Service',
  version: '1.1',
  effectiveDate: '2025-02-01',
};
const privacyPending = {
  document: 'privacy',
  title: 'Privacy Policy and Data Protection Framework',
  version: '1.0',
  effectiveDate: '2025-02-01',
};
const acceptedTerms = {
  document: 'terms',
  title: 'Terms of Service',
  version: '1.0',
  acceptedAt: '2025-03-01T10:00:00.000Z',
  current: false,
};

let fetchMock: Mock<typeof fetch>;
let status: { pending: unknown[]; accepted: unknown[] };
let acceptAnswer: { status: number; body: Record<string, unknown> } | null;

function posted() {
  const call = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/legal/accept'));
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
}

function render(path = '/user/home') {
  const page = (name: string) => (
    <LegalGate userId={user.id}>
      <h1>{name}</h1>
    </LegalGate>
  );
  return renderRoutes(
    [
      { path: '/user/home', element: page('Home page') },
      { path: '/profile/privacy', element: page('Privacy and consents') },
    ],
    path,
  );
}

beforeEach(async () => {
  await clearToasts();
  authStore.signIn(makeJwt(900), user);
  status = { pending: [termsPending], accepted: [acceptedTerms] };
  acceptAnswer = null;
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/legal/acceptance')) return jsonResponse({ success: true, ...status });
    if (url.pathname.endsWith('/legal/accept') && init?.method === 'POST') {
      if (acceptAnswer) return jsonResponse(acceptAnswer.body, acceptAnswer);
      status = {
        pending: [],
        accepted: [{ ...acceptedTerms, version: '1.1', current: true }, acceptedTerms],
      };
      return jsonResponse({ success: true, message: 'Thank you. Your acceptance is recorded.', ...status });
    }
    if (url.pathname.endsWith('/legal/documents'))
      return jsonResponse({
        success: true,
        privacyEmail: 'privacy@mindledger.local',
        aiProcessing: { thirdParty: false },
      });
    return jsonResponse({ success: false }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.reset();
});

describe('the gate after sign-in', () => {
  it('lets the page through when nothing is to be accepted', async () => {
    status = { pending: [], accepted: [{ ...acceptedTerms, current: true }] };
    render();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for a new Terms version instead of the page, and lets the page through once accepted', async () => {
    render();
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(within(dialog).getByText(/We have updated our Terms of Service\./)).toBeInTheDocument();
    // The version asked for is the server's.
    expect(await within(dialog).findByText('Version 1.1 · Effective February 1, 2025')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted()).toEqual({ documents: [{ document: 'terms', version: '1.1' }] });
    expect(await screen.findByText('Thank you. Your acceptance is recorded.')).toBeInTheDocument();
  });

  it('asks a user who never accepted for both documents, in tabs', async () => {
    status = { pending: [termsPending, privacyPending], accepted: [] };
    render();
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(
      within(dialog).getByText(
        'Please read and accept our Terms of Service and Privacy Policy to continue using MindLedger.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByRole('tab')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(posted()).toEqual({
        documents: [
          { document: 'terms', version: '1.1' },
          { document: 'privacy', version: '1.0' },
        ],
      }),
    );
  });

  it('keeps the way to one’s data open, with the way back to the modal', async () => {
    const { router } = render();
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    await userEvent.click(
      within(dialog).getByRole('link', { name: 'download your data or delete your account' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/privacy'));
    expect(await screen.findByRole('heading', { name: 'Privacy and consents' })).toBeInTheDocument();
    expect(screen.getByText('Please accept the updated Terms of Use')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Review and accept' }));
    expect(await screen.findByRole('dialog', { name: 'Terms of Use' })).toBeInTheDocument();
  });

  it('says so when the version changed meanwhile, and asks again for the new one', async () => {
    acceptAnswer = {
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        message:
          'This is not the current version of the document. Reload the page to read the current version.',
      },
    };
    render();
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    status = { pending: [{ ...termsPending, version: '1.2' }], accepted: [acceptedTerms] };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText(
        'This is not the current version of the document. Reload the page to read the current version.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Version 1.2 · Effective February 1, 2025')).toBeInTheDocument();
  });
});
