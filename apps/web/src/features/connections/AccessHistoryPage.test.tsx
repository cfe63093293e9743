import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { AccessHistoryPage } from './AccessHistoryPage';
import type { AccessEntry } from './api';

const entries: AccessEntry[] = [
  {
    providerName: 'Dr Rosa Diaz',
    providerId: '00000000-0000-4000-8000-000000000101',
    resourceType: 'therapistProfile',
    occurredAt: '2026-11-20T10:05:00.000Z',
    event: 'privateEntriesConsent',
    privateEntries: 3,
  },
  {
    providerName: 'Dr Rosa Diaz',
    providerId: '00000000-0000-4000-8000-000000000101',
    resourceType: 'goals',
    occurredAt: '2026-11-20T10:00:00.000Z',
    event: 'access',
  },
];

describe('the access history', () => {
  beforeEach(() => {
    authStore.signIn(makeJwt(900), makeUser());
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path.endsWith('/access-history'))
          return jsonResponse({ success: true, entries, total: entries.length, hasNext: false });
        return jsonResponse({ success: false, message: `unexpected ${path}` }, { status: 500 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.signOut();
  });

  it('lists the consent to share a document drawing on private entries beside the providers’ reads', async () => {
    renderWithProviders(<AccessHistoryPage />, '/user/access-history');
    expect(
      await screen.findByText(
        'You shared Target Therapist, which draws on 3 private entries, with your consent',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Access history' });
    expect(within(table).getByText('Goals')).toBeInTheDocument();
    expect(
      screen.getByText(/each time you agreed to share a document that draws on your private entries/),
    ).toBeInTheDocument();
  });
});
