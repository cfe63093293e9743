import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aiDocumentMessages } from '@mindledger/domain';
import { renderWithProviders } from '../../test/helpers';
import { ChatHistoryView } from './ChatHistoryView';
import { spyConsoleError } from './test-utils';

const lines = [
  { role: 'user' as const, text: 'I have been sleeping badly.' },
  { role: 'assistant' as const, text: 'Thank you for telling me. What happens at night?' },
];
const avatar = 'https://example.test/ann.png';

function bubbleOf(text: string): HTMLElement {
  return screen.getByText(text).closest('.mantine-Group-root') as HTMLElement;
}

describe('ChatHistoryView', () => {
  it("shows the client's lines on the right with their avatar and the assistant's on the left", () => {
    const { container } = renderWithProviders(<ChatHistoryView messages={lines} avatarUrl={avatar} />);
    expect(screen.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    expect(bubbleOf('I have been sleeping badly.').style.getPropertyValue('--group-justify')).toBe(
      'flex-end',
    );
    expect(bubbleOf(lines[1]!.text).style.getPropertyValue('--group-justify')).toBe('flex-start');
    expect(screen.getByText('You')).toBeInTheDocument();
    expect(screen.getByText('Assistant')).toBeInTheDocument();
    expect(container.querySelector(`img[src="${avatar}"]`)).not.toBeNull();
    expect(screen.getByText(aiDocumentMessages.disclaimer)).toBeInTheDocument();
  });

  it('shows a provider the default profile image and the client label', () => {
    const { container } = renderWithProviders(
      <ChatHistoryView messages={lines} avatarUrl={avatar} asProvider clientName="Ann" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Ann')).toBeInTheDocument();
    expect(screen.queryByText('You')).toBeNull();
  });

  it('reads the chat from its JSON text, human and ai roles included', () => {
    renderWithProviders(
      <ChatHistoryView
        messages={JSON.stringify({
          messages: [
            { role: 'human', content: 'Hello there' },
            { role: 'ai', text: 'Hi, how are you?' },
          ],
        })}
      />,
    );
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    expect(screen.getByText('Hi, how are you?')).toBeInTheDocument();
  });

  it('says there is no chat history when empty', () => {
    renderWithProviders(<ChatHistoryView messages={[]} />);
    expect(screen.getByText('No chat history available.')).toBeInTheDocument();
  });

  it('logs invalid JSON without its content and shows the empty view', () => {
    const error = spyConsoleError();
    renderWithProviders(<ChatHistoryView messages="[{ private words" />);
    expect(screen.getByText('No chat history available.')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    expect(JSON.stringify(error.mock.calls)).not.toContain('private words');
  });
});
