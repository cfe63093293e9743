import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiDocumentMessages, emailTemplateText } from '@mindledger/domain';
import { renderWithProviders } from '../../test/helpers';
import { copiedNoticeMs, EmailTemplateView } from './EmailTemplateView';
import { email } from './test-documents';
import { mockClipboard, spyConsoleError } from './test-utils';

const copyButton = () => screen.getByRole('button', { name: 'Copy to Clipboard' });

describe('EmailTemplateView', () => {
  afterEach(() => {
    vi.useRealTimers();
    mockClipboard();
  });

  it('shows the header, subject, notes, body and disclaimers', () => {
    renderWithProviders(<EmailTemplateView template={email} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Therapy Request Email' })).toBeInTheDocument();
    expect(screen.getByText('Created Mar 4, 2025')).toBeInTheDocument();
    expect(screen.getByText('Request for an initial consultation')).toBeInTheDocument();
    expect(screen.getByText('Fill in your contact details before sending.')).toBeInTheDocument();
    for (const text of [
      'Dear Dr. Smith,',
      'I have been feeling anxious at night.',
      'Thank you for your time.',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(/Best regards,\s+Ann\s+\[Your phone number\]/)).toBeInTheDocument();
    expect(screen.getByText('Review the email before you send it.')).toBeInTheDocument();
    expect(screen.getByText(aiDocumentMessages.disclaimer)).toBeInTheDocument();
  });

  it('leaves out the optional notes and disclaimer', () => {
    renderWithProviders(
      <EmailTemplateView template={{ ...email, notes: undefined, disclaimer: undefined }} />,
    );
    expect(screen.queryByText('Notes')).toBeNull();
    expect(screen.queryByText('Review the email before you send it.')).toBeNull();
  });

  it('copies the email and says so for 3 seconds', async () => {
    vi.useFakeTimers();
    const writeText = mockClipboard(() => Promise.resolve());
    renderWithProviders(<EmailTemplateView template={email} />);
    await act(async () => {
      fireEvent.click(copyButton());
    });
    expect(writeText).toHaveBeenCalledWith(emailTemplateText(email));
    expect(screen.getByRole('status')).toHaveTextContent('Email template copied to clipboard!');
    act(() => vi.advanceTimersByTime(copiedNoticeMs - 100));
    expect(screen.getByRole('status')).toHaveTextContent('Email template copied to clipboard!');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('asks to copy by hand when the clipboard refuses', async () => {
    mockClipboard(() => Promise.reject(new Error('denied')));
    renderWithProviders(<EmailTemplateView template={email} />);
    await act(async () => {
      fireEvent.click(copyButton());
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to copy. Please select and copy the text manually.',
    );
  });

  it('asks to copy by hand when there is no clipboard', async () => {
    mockClipboard();
    renderWithProviders(<EmailTemplateView template={email} />);
    await act(async () => {
      fireEvent.click(copyButton());
    });
    expect(screen.getByRole('alert')).toHaveTextContent(aiDocumentMessages.emailCopyFailed);
  });

  it('logs invalid JSON and shows the empty view', () => {
    const error = spyConsoleError();
    renderWithProviders(<EmailTemplateView template="{" />);
    expect(screen.getByText('No Email Template Found')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
  });
});
