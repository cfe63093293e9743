import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/helpers';
import { dictationMessages } from './dictation';
import { NotesCard } from './NotesCard';
import { VoiceJournal } from './VoiceJournal';

/** The browser's speech recognition when the user (or the browser) refuses the microphone. */
class RefusedRecognition {
  lang = '';
  continuous = false;
  interimResults = false;
  onresult = null;
  onstart = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start() {
    setTimeout(() => {
      this.onerror?.({ error: 'not-allowed' });
      this.onend?.();
    }, 0);
  }
  stop() {}
  abort() {}
}

beforeEach(() => vi.stubGlobal('SpeechRecognition', RefusedRecognition));
afterEach(() => vi.unstubAllGlobals());

function Notes() {
  const [value, setValue] = useState('Already written');
  return <NotesCard value={value} onChange={setValue} />;
}

describe('the microphone refused', () => {
  it('dictation into the notes says how to allow it and leaves the notes editable', async () => {
    renderWithProviders(<Notes />);
    await userEvent.click(screen.getByRole('button', { name: 'Start dictation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(dictationMessages.microphoneBlocked);
    expect(screen.getByRole('button', { name: 'Start dictation' })).toHaveAttribute('aria-pressed', 'false');
    const notes = screen.getByRole('textbox');
    expect(notes).not.toHaveAttribute('readonly');
    expect(notes).not.toHaveAttribute('placeholder', dictationMessages.listening);
    expect(screen.queryByText(dictationMessages.recording)).not.toBeInTheDocument();
    await userEvent.type(notes, '!');
    expect(notes).toHaveValue('Already written!');
  });

  it('voice journaling returns to Start recording with the hint', async () => {
    renderWithProviders(
      <VoiceJournal messages={[]} onChange={() => undefined} onUtterance={() => undefined} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(dictationMessages.microphoneBlocked);
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
    expect(screen.getByText('Tap the microphone and speak.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop recording' })).not.toBeInTheDocument();
  });
});
