import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aiDocumentMessages, documentTexts } from '@mindledger/domain';
import { renderWithProviders } from '../../test/helpers';
import { InterviewGuideView } from './InterviewGuideView';
import { guide } from './test-documents';
import { spyConsoleError } from './test-utils';

describe('InterviewGuideView', () => {
  it('shows the title, introduction, numbered questions, conclusion, tip and disclaimers', () => {
    renderWithProviders(<InterviewGuideView guide={guide} />);
    expect(screen.getByRole('heading', { level: 2, name: guide.interview_guide.title })).toBeInTheDocument();
    expect(screen.getByText('Use these questions.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Interview questions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0]!);
    expect(first.getByText('1.')).toBeInTheDocument();
    expect(
      first.getByRole('heading', { level: 3, name: 'How do you work with anxiety?' }),
    ).toBeInTheDocument();
    expect(first.getByText('What does a session look like?')).toBeInTheDocument();
    expect(first.getByText('Concrete methods.')).toBeInTheDocument();
    expect(first.getByText('Priority: High')).toBeInTheDocument();
    // The follow-up is optional.
    expect(within(items[1]!).queryByText(/Follow-up/)).toBeNull();
    expect(within(items[1]!).getByText('Priority: Medium')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Priority: Low')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Conclusion' })).toBeInTheDocument();
    expect(screen.getByText('Trust your sense of fit.')).toBeInTheDocument();
    expect(screen.getByText(documentTexts.interviewTip)).toBeInTheDocument();
    expect(screen.getByText('This guide is for information only.')).toBeInTheDocument();
    expect(screen.getByText(aiDocumentMessages.disclaimer)).toBeInTheDocument();
  });

  it('reads the JSON text and skips a question that does not fit', () => {
    const text = JSON.stringify({
      ...guide,
      questions: [...guide.questions, { number: 4, main_question: '', priority: 'urgent' }],
    });
    renderWithProviders(<InterviewGuideView guide={text} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: guide.interview_guide.title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(4); // 3 questions + Conclusion
  });

  it('says there are no questions when there are none', () => {
    renderWithProviders(<InterviewGuideView guide={null} />);
    expect(screen.getByText('No interview questions available.')).toBeInTheDocument();
  });

  it('logs invalid JSON and shows the empty view', () => {
    const error = spyConsoleError();
    renderWithProviders(<InterviewGuideView guide="{not json" />);
    expect(screen.getByText('No interview questions available.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('not valid JSON'));
  });
});
