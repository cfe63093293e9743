import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/helpers';
import { VoiceSettingsButton } from './VoiceSettingsButton';
import { loadVoiceSettings } from './voice-settings';

describe('voice settings dialog', () => {
  it('has a named close button that closes it (every dialog gets one from the theme)', async () => {
    renderWithProviders(<VoiceSettingsButton settings={loadVoiceSettings()} onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: /voice settings/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice settings' });
    expect(dialog).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Voice settings' })).not.toBeInTheDocument();
  });
});
