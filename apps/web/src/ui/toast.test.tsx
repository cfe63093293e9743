import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, renderWithProviders } from '../test/helpers';
import { showToast } from './toast';

afterEach(async () => {
  await clearToasts();
});

describe('toasts', () => {
  it('shows two at a time, the newest at once in place of the oldest, and a repeated message once', async () => {
    renderWithProviders(<p>page</p>);
    await showToast('error', 'The entry could not be saved.', { durationMs: false });
    await showToast('error', 'The entry could not be saved.', { durationMs: false });
    expect(await screen.findByText('The entry could not be saved.')).toBeInTheDocument();
    expect(screen.getAllByText('The entry could not be saved.')).toHaveLength(1);
    await showToast('success', 'Journal entry saved', { durationMs: false });
    expect(await screen.findByText('Journal entry saved')).toBeInTheDocument();
    expect(screen.getByText('The entry could not be saved.')).toBeInTheDocument();
    await showToast('info', 'Check-in saved', { durationMs: false });
    expect(await screen.findByText('Check-in saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The entry could not be saved.')).not.toBeInTheDocument());
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Close notification' })[0]!);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(1),
    );
  });
});
