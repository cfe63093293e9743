import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/helpers';
import { SummaryText } from './SummaryText';

describe('SummaryText', () => {
  it('renders headings, bullets indented by dash depth and bold runs', () => {
    const { container } = renderWithProviders(
      <SummaryText text={'# Week\n## Mood\n- one\n-- two\n--- three\n---- four\nA **bold** word'} />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Week' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Mood' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(screen.getAllByRole('list')).toHaveLength(1);
    expect(items.map((li) => li.style.marginInlineStart)).toEqual(['20px', '50px', '80px', '110px']);
    expect(items.map((li) => li.textContent)).toEqual(['one', 'two', 'three', 'four']);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
  });

  it('says No Records Found when empty', () => {
    renderWithProviders(<SummaryText text="  " />);
    expect(screen.getByText('No Records Found')).toBeInTheDocument();
  });
});
