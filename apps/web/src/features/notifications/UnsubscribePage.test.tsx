import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/helpers';
import { UnsubscribePage } from './UnsubscribePage';

let fetchMock: Mock<typeof fetch>;

function render(path: string) {
  return renderRoutes(
    [
      { path: '/notifications/unsubscribe', element: <UnsubscribePage /> },
      { path: '/auth/login/client', element: <p>Sign-in page</p> },
    ],
    path,
  );
}

function calls() {
  return fetchMock.mock.calls.map(([input, init]) => ({
    url: new URL(String(input), 'http://localhost'),
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
  }));
}

describe('UnsubscribePage', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the loading state, then POSTs the token once and shows the server message', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    render('/notifications/unsubscribe?token=abc.def%2Bghi');

    expect(await screen.findByText('Updating your email preferences...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribing...' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to sign in' })).not.toBeInTheDocument();

    answer(
      jsonResponse({
        success: true,
        type: 'journalReminders',
        message: 'You will no longer receive journal reminder emails.',
      }),
    );
    expect(await screen.findByTestId('unsubscribe-result')).toHaveTextContent(
      'You will no longer receive journal reminder emails.',
    );
    expect(screen.getByTestId('unsubscribe-result')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Updating your email preferences...')).not.toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1, name: 'You are unsubscribed' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login/client');

    const sent = calls();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe('/api/v1/notifications/unsubscribe');
    expect(sent[0]!.url.searchParams.get('token')).toBe('abc.def+ghi');
    expect(sent[0]!.headers.has('Authorization')).toBe(false);
  });

  it("shows the server's error for a bad token", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'This unsubscribe link is not valid.' }, { status: 400 }),
    );
    render('/notifications/unsubscribe?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the link is not valid without calling the server when it has no token', async () => {
    render('/notifications/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a network failure as such, not as a bad link', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render('/notifications/unsubscribe?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to reach the server');
  });
});
