import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aiDocumentMessages } from '@mindledger/domain';
import { renderWithProviders } from '../../test/helpers';
import { SelfReflectionView } from './SelfReflectionView';
import { reflection } from './test-documents';
import { spyConsoleError } from './test-utils';

describe('SelfReflectionView', () => {
  it('shows the header, narrative, numbered sections, questions, conclusion and disclaimer box', () => {
    const { container } = renderWithProviders(<SelfReflectionView summary={reflection} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your Reflection Journey' })).toBeInTheDocument();
    expect(screen.getByText('What you shared with us')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Narrative Summary' })).toBeInTheDocument();
    expect(screen.getByText('You came looking for calm.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '1. What Brings You Here' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '2. Your Strengths' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Main concerns' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Hopes' })).toBeInTheDocument();
    expect(screen.getByText('Sleep better')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Questions to Sit With' })).toBeInTheDocument();
    expect(screen.getByText('What helps you rest?')).toBeInTheDocument();
    expect(screen.getByText('Who supports you?')).toBeInTheDocument();
    expect(screen.getByText('Think of one person.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Conclusion' })).toBeInTheDocument();
    const box = screen.getByRole('note', { name: 'Disclaimer' });
    expect(within(box).getByText('This reflection is for you.')).toBeInTheDocument();
    expect(within(box).getByText('Share it with a provider if you wish.')).toBeInTheDocument();
    expect(within(box).getByText('It stays private unless you share it.')).toBeInTheDocument();
    expect(screen.getByText(aiDocumentMessages.disclaimer)).toBeInTheDocument();
    // The footer is there on screen and hidden in print by its class.
    expect(container.querySelector('footer')?.className).toMatch(/footer/);
  });

  it('shows the empty text when no section fits, and skips a section that does not', () => {
    const text = JSON.stringify({ ...reflection, sections: [{ id: 9, title: '' }] });
    renderWithProviders(<SelfReflectionView summary={text} />);
    expect(screen.getByText('No reflection sections available.')).toBeInTheDocument();
    expect(screen.getByText('You came looking for calm.')).toBeInTheDocument();
  });

  it('logs invalid JSON and shows the empty view', () => {
    const error = spyConsoleError();
    renderWithProviders(<SelfReflectionView summary="{{" />);
    expect(screen.getByText('No reflection sections available.')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(error).toHaveBeenCalled();
  });
});
