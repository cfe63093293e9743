import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentsView } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { PrivacyConsentsPage } from './PrivacyConsentsPage';

type Answer = { status: number; body: Record<string, unknown> };

/** The research switch. */
const researchSwitch = () =>
  screen.findByRole('switch', { name: 'Allow research use of my de-identified data' });

const none: ConsentsView = {
  research: { optedOut: false, updatedAt: null },
  marketing: {
    status: 'none',
    version: null,
    signature: null,
    grantedAt: null,
    expiresAt: null,
    revokedAt: null,
  },
  history: [],
};

let fetchMock: Mock<typeof fetch>;
let consents: ConsentsView;
let consentFailures: Answer[];

function calls(method: string, ending: string) {
  return fetchMock.mock.calls.filter(
    (c) =>
      (c[1]?.method ?? 'GET') === method &&
      new URL(String(c[0]), 'http://localhost').pathname.endsWith(ending),
  );
}

beforeEach(async () => {
  await clearToasts();
  consents = structuredClone(none);
  consentFailures = [];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path.endsWith('/legal/acceptance'))
      return jsonResponse({
        success: true,
        pending: [],
        accepted: [
          {
            document: 'terms',
            title: 'Terms of Service',
            version: '1.0',
            acceptedAt: '2025-03-01T18:30:00.000Z',
            current: true,
          },
          {
            document: 'privacy',
            title: 'Privacy Policy and Data Protection Framework',
            version: '1.0',
            acceptedAt: '2025-03-01T18:30:00.000Z',
            current: true,
          },
        ],
      });
    if (path.endsWith('/legal/documents'))
      return jsonResponse({
        success: true,
        privacyEmail: 'privacy@clinic.example',
        aiProcessing: { thirdParty: false },
      });
    if (path.endsWith('/consents') && method === 'GET') {
      const failure = consentFailures.shift();
      if (failure) return jsonResponse(failure.body, failure);
      return jsonResponse({ success: true, data: consents });
    }
    if (path.endsWith('/consents/research')) {
      consents.research = { optedOut: body.optOut === true, updatedAt: '2026-11-25T17:00:00.000Z' };
      consents.history.unshift({
        kind: body.optOut ? 'research_opt_out' : 'research_opt_in',
        at: '2026-11-25T17:00:00.000Z',
        version: null,
        expiresAt: null,
      });
      return jsonResponse({
        success: true,
        message: body.optOut
          ? 'You opted out: your de-identified data is no longer used for research.'
          : 'Your de-identified data may be used for research again.',
        data: consents,
      });
    }
    if (path.endsWith('/consents/marketing-authorization/revoke')) {
      consents.marketing = {
        ...consents.marketing,
        status: 'revoked',
        revokedAt: '2026-11-26T17:00:00.000Z',
      };
      consents.history.unshift({
        kind: 'marketing_revoked',
        at: '2026-11-26T17:00:00.000Z',
        version: '1.0',
        expiresAt: null,
      });
      return jsonResponse({ success: true, message: 'Marketing authorization revoked.', data: consents });
    }
    if (path.endsWith('/consents/marketing-authorization')) {
      consents.marketing = {
        status: 'active',
        version: '1.0',
        signature: String(body.signature),
        grantedAt: '2026-11-25T17:00:00.000Z',
        expiresAt: '2029-11-25T17:00:00.000Z',
        revokedAt: null,
      };
      consents.history.unshift({
        kind: 'marketing_granted',
        at: '2026-11-25T17:00:00.000Z',
        version: '1.0',
        expiresAt: '2029-11-25T17:00:00.000Z',
      });
      return jsonResponse(
        { success: true, message: 'Marketing authorization granted.', data: consents },
        { status: 201 },
      );
    }
    return jsonResponse({ success: false }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.reset();
});

describe('Privacy and consents, for a client', () => {
  beforeEach(() => authStore.signIn(makeJwt(900), makeUser()));

  it('shows loading, then the consents, the accepted documents with dates, and the ways to one’s data', async () => {
    renderWithProviders(<PrivacyConsentsPage />, '/profile/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy and consents' })).toBeInTheDocument();
    expect(screen.getByText('Loading your consents...')).toBeInTheDocument();
    expect(
      await screen.findByRole('switch', { name: 'Allow research use of my de-identified data' }),
    ).toBeChecked();
    const documents = screen.getByRole('region', { name: 'Documents you accepted' });
    expect(await within(documents).findByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/legal/terms',
    );
    expect(within(documents).getAllByText('Version 1.0 · accepted March 1, 2025 at 10:30 AM')).toHaveLength(
      2,
    );
    const data = screen.getByRole('region', { name: 'Your data' });
    expect(within(data).getByRole('link', { name: 'Access history' })).toHaveAttribute(
      'href',
      '/user/access-history',
    );
    expect(within(data).getByRole('link', { name: 'Backup' })).toHaveAttribute('href', '/profile/backup');
    expect(within(data).getByRole('link', { name: 'Delete account' })).toHaveAttribute(
      'href',
      '/profile/edit-profile#delete-account-title',
    );
    expect(await within(data).findByRole('link', { name: 'privacy@clinic.example' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'History of your choices' })).getByText('No changes yet.'),
    ).toBeInTheDocument();
  });

  it('shows an error with Try Again when the consents cannot be loaded', async () => {
    consentFailures = [{ status: 404, body: { success: false, message: 'Not found' } }];
    renderWithProviders(<PrivacyConsentsPage />, '/profile/privacy');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your consents could not be loaded.')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('switch', { name: 'Allow research use of my de-identified data' }),
    ).toBeInTheDocument();
  });

  it('opts out of research use at once', async () => {
    renderWithProviders(<PrivacyConsentsPage />, '/profile/privacy');
    const research = await researchSwitch();
    await userEvent.click(research);
    await waitFor(() => expect(research).not.toBeChecked());
    expect(JSON.parse(String(calls('PUT', '/consents/research')[0]?.[1]?.body))).toEqual({ optOut: true });
    expect(
      await screen.findByText('You opted out: your de-identified data is no longer used for research.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Opted out of research use of de-identified data')).toBeInTheDocument();
  });

  it('grants the marketing authorization with a signature, shows its expiry, and revokes it', async () => {
    renderWithProviders(<PrivacyConsentsPage />, '/profile/privacy');
    const section = await screen.findByRole('region', { name: 'Marketing authorization' });
    expect(within(section).getByText('Not granted')).toBeInTheDocument();
    expect(within(section).getByRole('region', { name: 'HIPAA Marketing Authorization' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Grant authorization' }));
    expect(
      await within(section).findByText('Please confirm that you have read the authorization.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Signature is required')).toBeInTheDocument();
    expect(calls('POST', '/consents/marketing-authorization')).toHaveLength(0);

    await userEvent.click(
      within(section).getByRole('checkbox', { name: 'I have read this authorization and I grant it' }),
    );
    await userEvent.type(within(section).getByLabelText('Your full name (your signature)'), 'Ann Lee');
    await userEvent.click(within(section).getByRole('button', { name: 'Grant authorization' }));
    expect(await within(section).findByText('Active')).toBeInTheDocument();
    expect(JSON.parse(String(calls('POST', '/consents/marketing-authorization')[0]?.[1]?.body))).toEqual({
      version: '1.0',
      agree: true,
      signature: 'Ann Lee',
    });
    expect(within(section).getByTestId('marketing-status')).toHaveTextContent(
      'Signed as Ann Lee on November 25, 2026. Valid until November 25, 2029, unless you revoke it first.',
    );
    expect(await screen.findByText('Marketing authorization granted.')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Revoke authorization' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the marketing authorization?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke authorization' }));
    expect(await within(section).findByText('Revoked')).toBeInTheDocument();
    expect(within(section).getByTestId('marketing-status')).toHaveTextContent(
      'You revoked it on November 26, 2026.',
    );
    const history = screen.getByRole('region', { name: 'History of your choices' });
    expect(within(history).getByText('Revoked the marketing authorization')).toBeInTheDocument();
    expect(
      within(history).getByText(
        'Granted the marketing authorization (version 1.0), valid until November 25, 2029',
      ),
    ).toBeInTheDocument();
  });
});

describe('Privacy and consents, for a provider', () => {
  it('shows the accepted documents and the ways to their data, and no client consents', async () => {
    authStore.signIn(makeJwt(900), makeUser({ userRole: 'provider' }));
    renderWithProviders(<PrivacyConsentsPage />, '/profile/privacy');
    expect(await screen.findAllByText('Current version')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Marketing authorization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Access history' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delete account' })).toBeInTheDocument();
    expect(calls('GET', '/consents')).toHaveLength(0);
  });
});
