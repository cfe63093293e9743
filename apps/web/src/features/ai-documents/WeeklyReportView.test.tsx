import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aiDocumentMessages } from '@mindledger/domain';
import { renderWithProviders } from '../../test/helpers';
import { weekly } from './test-documents';
import { spyConsoleError } from './test-utils';
import { WeeklyReportView } from './WeeklyReportView';

describe('WeeklyReportView', () => {
  it('shows the title with its dates, summary, sections, questions, end mark and disclaimers', () => {
    renderWithProviders(<WeeklyReportView report={weekly} />);
    const title = screen.getByRole('heading', { level: 2 });
    expect(title).toHaveTextContent('Weekly Journal Report');
    expect(title).toHaveTextContent('Mar 3, 2025 – Mar 9, 2025');
    expect(screen.getByText('Your week in reflection')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByText('A steady week with more rest.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Moments of Joy' })).toBeInTheDocument();
    expect(screen.getByText('A walk with a friend')).toBeInTheDocument();
    expect(screen.getByText('Mar 4, 2025').closest('time')).toHaveAttribute('datetime', '2025-03-04');
    expect(screen.getByText('Mar 6, 2025')).toBeInTheDocument();
    expect(screen.getByText('What felt good this week?')).toBeInTheDocument();
    expect(screen.getByText('What drained you?')).toBeInTheDocument();
    expect(screen.getByText('Name one thing.')).toBeInTheDocument();
    expect(screen.getByText('END OF REFLECTION')).toBeInTheDocument();
    expect(screen.getByText('This report reflects your own entries.')).toBeInTheDocument();
    expect(screen.getByText(aiDocumentMessages.disclaimer)).toBeInTheDocument();
    // Without onOpenEntry the items are not linked.
    expect(screen.queryByRole('button', { name: /View entry/ })).toBeNull();
  });

  it('links the entries of each item when asked to', async () => {
    const onOpenEntry = vi.fn();
    renderWithProviders(<WeeklyReportView report={weekly} onOpenEntry={onOpenEntry} />);
    await userEvent.click(screen.getByRole('button', { name: 'View entry 2' }));
    expect(onOpenEntry).toHaveBeenCalledWith('e2');
    await userEvent.click(screen.getByRole('button', { name: 'View entry' }));
    expect(onOpenEntry).toHaveBeenLastCalledWith('e3');
  });

  it('skips the sections that do not fit and takes questions as strings or objects', () => {
    const text = JSON.stringify({
      ...weekly,
      sections: [
        { title: 'No items here', icon: 'sun', color: 'red' },
        'not a section',
        { ...weekly.sections[1], color: 'not-a-colour', icon: 'mystery' },
      ],
      reflectionQuestions: ['A plain question?', { question: 'An object question?' }, 42],
    });
    renderWithProviders(<WeeklyReportView report={text} />);
    expect(screen.queryByText('No items here')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Challenges' })).toBeInTheDocument();
    const questions = screen
      .getByRole('heading', { name: 'Reflection Questions' })
      .closest('.mantine-Paper-root');
    const items = within(questions as HTMLElement).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['A plain question?', 'An object question?']);
  });

  it('says when there are no sections or no questions', () => {
    renderWithProviders(<WeeklyReportView report={{ ...weekly, sections: [], reflectionQuestions: [] }} />);
    expect(screen.getByText('No sections to display.')).toBeInTheDocument();
    expect(screen.getByText('No questions available.')).toBeInTheDocument();
  });

  it('logs invalid JSON and shows the empty view', () => {
    const error = spyConsoleError();
    renderWithProviders(<WeeklyReportView report="<html>" />);
    expect(screen.getByText('No sections to display.')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    expect(JSON.stringify(error.mock.calls)).not.toContain('<html>');
  });
});
