import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/helpers';
import { MoodOptions } from './MoodOptions';

function Harness({ onChange }: { onChange: (mood: string, emoji: string) => void }) {
  const [mood, setMood] = useState<string | null>(null);
  return (
    <MoodOptions
      value={mood}
      onChange={(label, emoji) => {
        onChange(label, emoji);
        setMood(label);
      }}
    />
  );
}

describe('mood options', () => {
  it('offers Awesome, Fine, Not fine and Very bad as a radio group labelled Mood', () => {
    renderWithProviders(<Harness onChange={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Mood' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'Awesome',
      'Fine',
      'Not fine',
      'Very bad',
    ]);
    for (const name of ['Awesome', 'Fine', 'Not fine', 'Very bad'])
      expect(screen.getByRole('radio', { name })).not.toBeChecked();
    const fine = screen.getByRole('radio', { name: 'Fine' }).closest('label')!;
    expect(fine.getAttribute('style')).toContain('--mood-color: #facc15');
    expect(fine).toHaveTextContent('🙂');
  });

  it('is chosen with the mouse and moved with the arrow keys', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByText('Fine'));
    expect(onChange).toHaveBeenLastCalledWith('Fine', '🙂');
    expect(screen.getByRole('radio', { name: 'Fine' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Fine' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('Not fine', '🙁');
    expect(screen.getByRole('radio', { name: 'Not fine' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Very bad' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Very bad' }).closest('label')).toHaveAttribute(
      'data-checked',
      'true',
    );
  });

  it('matches the value ignoring case and shows an error', () => {
    renderWithProviders(
      <MoodOptions value="not FINE" onChange={() => undefined} error="Please select a mood" />,
    );
    expect(screen.getByRole('radio', { name: 'Not fine' })).toBeChecked();
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a mood');
  });
});
