import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, renderRoutes, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { LegalPage } from './LegalPage';
import { LegalPanel } from './LegalPanel';
import { TermsModal } from './TermsModal';

let fetchMock: Mock<typeof fetch>;
let publicInfo: { status: number; body: Record<string, unknown> };

beforeEach(() => {
  authStore.reset({ status: 'anonymous' });
  publicInfo = {
    status: 200,
    body: {
      success: true,
      privacyEmail: 'privacy@clinic.example',
      privacyPostalAddress: 'Privacy Officer, 1 Main St, Springfield',
      aiProcessing: { thirdParty: true, model: 'gpt-4o-mini', service: 'OpenAI (api.openai.com)' },
    },
  };
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/legal/documents')) return jsonResponse(publicInfo.body, publicInfo);
    return jsonResponse({ success: false }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.reset();
});

describe('the public legal pages', () => {
  it('shows the Privacy Policy with its version, 17 topics and this service’s contact and AI processing', async () => {
    renderWithProviders(<LegalPage document="privacy" />, '/legal/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy and Data Protection Framework' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Version 1.1 · Effective November 28, 2026')).toBeInTheDocument();
    const toc = (await screen.findByRole('heading', { name: 'Table of contents' })).nextElementSibling;
    expect(toc?.tagName).toBe('OL');
    const links = within(toc as HTMLElement).getAllByRole('link');
    expect(links).toHaveLength(17);
    // Every entry leads to its section's heading on the page.
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)?.tagName).toBe('H2');
    }
    expect(
      screen.getByText(/The operator has configured a third-party AI model, "gpt-4o-mini", provided through/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy@clinic.example' })).toHaveAttribute(
      'href',
      'mailto:privacy@clinic.example',
    );
    expect(screen.getByText(/Privacy Officer, 1 Main St, Springfield/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to sign in' })).toHaveAttribute(
      'href',
      '/auth/login/client',
    );
  });

  it('names the built-in engine and asks for the postal address by email when so configured', async () => {
    publicInfo.body = {
      success: true,
      privacyEmail: 'privacy@mindledger.local',
      privacyPostalAddress: null,
      aiProcessing: { thirdParty: false },
    };
    renderWithProviders(<LegalPage document="marketing-authorization" />, '/legal/marketing-authorization');
    expect(await screen.findByText(/valid until you revoke it or for three years/)).toBeInTheDocument();
    expect(
      screen.getByText(/MindLedger \(ask privacy@mindledger.local for the postal address\)/),
    ).toBeInTheDocument();
  });

  it('still shows the text, with the defaults said plainly, when the server cannot be asked', async () => {
    publicInfo = { status: 404, body: { success: false } };
    renderWithProviders(<LegalPage document="privacy" />, '/legal/privacy');
    expect(
      await screen.findByText(/AI features run on MindLedger's built-in engine/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('moves between the documents and back to the home of a signed-in user', async () => {
    authStore.reset({
      status: 'authenticated',
      user: {
        ...(await import('../../test/helpers')).makeUser({ userRole: 'provider' }),
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/legal/terms', element: <LegalPage document="terms" /> },
        { path: '/legal/hipaa-notice', element: <LegalPage document="hipaa-notice" /> },
      ],
      '/legal/terms',
    );
    expect(await screen.findByText('All fees are billed in US dollars.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to MindLedger' })).toHaveAttribute(
      'href',
      '/provider/dashboard',
    );
    const nav = screen.getByRole('navigation', { name: 'Legal documents' });
    expect(within(nav).getByText('Terms of Service')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('link', { name: 'HIPAA Notice of Privacy Practices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/legal/hipaa-notice'));
    expect(await screen.findByText('Complaints to us must be made in writing')).toBeInTheDocument();
  });
});

describe('the Terms modal', () => {
  it("offers 'Accept' under the title 'Terms of Use', in a named scrollable panel", async () => {
    const onAccept = vi.fn();
    renderWithProviders(
      <TermsModal opened title="Terms of Use" documents={['terms']} onClose={vi.fn()} onAccept={onAccept} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    const panel = within(dialog).getByRole('region', { name: 'Terms of Service' });
    expect(panel).toHaveAttribute('tabindex', '0');
    expect(await within(panel).findByText(/clinical decision support only/)).toBeInTheDocument();
    // Links open in a new tab: the form behind the modal is never lost.
    expect(within(panel).getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledOnce();
  });

  it("offers 'Close' under any other title", async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <TermsModal opened title="Privacy Policy" documents={['privacy']} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    const buttons = within(dialog).getAllByRole('button', { name: 'Close' });
    await userEvent.click(buttons.at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('a blocking modal has no way out but its buttons, and shows several documents in tabs', async () => {
    renderWithProviders(
      <TermsModal
        opened
        blocking
        title="Terms of Use"
        documents={['terms', 'privacy']}
        onClose={vi.fn()}
        onAccept={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Privacy Policy' }));
    expect(
      await within(dialog).findByRole('region', { name: 'Privacy Policy and Data Protection Framework' }),
    ).toBeInTheDocument();
  });

  it('a panel is a focusable named region', () => {
    renderWithProviders(
      <LegalPanel label="Example">
        <p>Text</p>
      </LegalPanel>,
    );
    expect(screen.getByRole('region', { name: 'Example' })).toHaveAttribute('tabindex', '0');
  });
});
