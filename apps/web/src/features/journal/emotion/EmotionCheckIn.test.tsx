import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmotionData, SelectorMode } from '@mindledger/domain';
import { renderWithProviders } from '../../../test/helpers';
import { EmotionCheckIn } from './EmotionCheckIn';
import { selectorModeKey } from './selector-mode';

interface HarnessProps {
  variant?: 'full' | 'compact';
  defaultMode?: SelectorMode;
  initial?: EmotionData | null;
  onChange: (value: EmotionData | null) => void;
}

function Harness({ variant = 'full', defaultMode, initial = null, onChange }: HarnessProps) {
  const [value, setValue] = useState<EmotionData | null>(initial);
  return (
    <EmotionCheckIn
      variant={variant}
      defaultMode={defaultMode}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function setup(props: Omit<HarnessProps, 'onChange'> = {}) {
  const onChange = vi.fn<(value: EmotionData | null) => void>();
  renderWithProviders(<Harness {...props} onChange={onChange} />);
  return onChange;
}

const segment = (name: string) => screen.getByRole('button', { name });
const slider = () => screen.getByRole('slider', { name: 'Intensity' });
const last = (onChange: ReturnType<typeof setup>) => onChange.mock.calls.at(-1)?.[0];

async function pickPath(...names: string[]) {
  for (const name of names) await userEvent.click(segment(name));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('emotion check-in: modes', () => {
  it('opens in the default mode and asks how the user feels in Simple mode', async () => {
    const onChange = setup({ defaultMode: 'simple' });
    expect(screen.getByRole('tab', { name: 'Simple Mode' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Detailed Mode' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('heading', { name: 'How are you feeling?' })).toBeInTheDocument();
    for (const name of ['Positive', 'Neutral', 'Negative'])
      expect(segment(name)).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(segment('Negative'));
    expect(segment('Negative')).toHaveAttribute('aria-pressed', 'true');
    expect(last(onChange)).toMatchObject({
      primaryEmotion: 'negative',
      category: 'negative',
      path: ['negative'],
      intensity: 5,
      emoji: expect.any(String),
      color: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/),
    });
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(last(onChange)).toMatchObject({ path: ['negative'], intensity: 6 });
  });

  it('switching modes clears the selection, resets the intensity to 5 and is remembered', async () => {
    const onChange = setup({ defaultMode: 'simple' });
    await userEvent.click(segment('Positive'));
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(last(onChange)).toMatchObject({ intensity: 7 });

    await userEvent.click(screen.getByRole('tab', { name: 'Detailed Mode' }));
    expect(last(onChange)).toBeNull();
    expect(localStorage.getItem(selectorModeKey)).toBe('detailed');
    expect(screen.getByRole('heading', { name: 'What emotion are you experiencing?' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Simple Mode' }));
    expect(localStorage.getItem(selectorModeKey)).toBe('simple');
    expect(segment('Positive')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(segment('Positive'));
    expect(last(onChange)).toMatchObject({ path: ['positive'], intensity: 5 });
  });

  it('reuses the saved mode over the default', () => {
    localStorage.setItem(selectorModeKey, 'detailed');
    setup({ defaultMode: 'simple' });
    expect(screen.getByRole('tab', { name: 'Detailed Mode' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('emotion check-in: detailed wheel', () => {
  it('moves through the four steps and reports the completed selection', async () => {
    const onChange = setup({ defaultMode: 'detailed' });
    expect(screen.getByRole('heading', { name: 'What emotion are you experiencing?' })).toBeInTheDocument();
    for (const label of ['Primary Emotion', 'Secondary Emotion', 'Specific Feeling'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Step 1 of 4: choose a primary emotion');
    const primaries = within(screen.getByRole('group', { name: 'Primary emotions' })).getAllByRole('button');
    expect(primaries).toHaveLength(13);
    expect(screen.queryByRole('group', { name: 'Secondary emotions' })).toBeNull();

    await userEvent.click(segment('Joy'));
    expect(screen.getByRole('status')).toHaveTextContent('Step 2 of 4: choose a secondary emotion');
    expect(
      within(screen.getByRole('group', { name: 'Secondary emotions' })).getAllByRole('button'),
    ).toHaveLength(2);
    expect(segment('Joy')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(segment('Cheerful'));
    expect(screen.getByRole('status')).toHaveTextContent('Step 3 of 4: choose a specific feeling');
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.click(segment('Delighted'));
    expect(screen.getByRole('status')).toHaveTextContent('Step 4 of 4: Delighted (positive) chosen');
    expect(screen.getByText('Positive')).toBeInTheDocument();
    expect(slider()).toHaveAttribute('aria-valuenow', '5');
    expect(last(onChange)).toMatchObject({
      primaryEmotion: 'Joy',
      secondaryEmotion: 'Cheerful',
      specificFeeling: 'Delighted',
      category: 'positive',
      intensity: 5,
      path: ['Joy', 'Cheerful', 'Delighted'],
    });

    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(last(onChange)).toMatchObject({ specificFeeling: 'Delighted', intensity: 6 });
    fireEvent.keyDown(slider(), { key: 'ArrowLeft' });
    fireEvent.keyDown(slider(), { key: 'ArrowLeft' });
    expect(last(onChange)).toMatchObject({ intensity: 4 });
  });

  it('re-picking a level clears the deeper levels', async () => {
    const onChange = setup({ defaultMode: 'detailed' });
    await pickPath('Joy', 'Cheerful', 'Delighted');
    await userEvent.click(segment('Excited'));
    expect(last(onChange)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Step 3 of 4');
    expect(screen.queryByRole('button', { name: 'Delighted' })).toBeNull();
    expect(segment('Thrilled')).toBeInTheDocument();

    await userEvent.click(segment('Anger'));
    expect(screen.getByRole('status')).toHaveTextContent('Step 2 of 4');
    expect(screen.queryByRole('button', { name: 'Excited' })).toBeNull();
  });

  it("'Start Over' resets everything and reports no selection", async () => {
    const onChange = setup({ defaultMode: 'detailed' });
    await pickPath('Sadness');
    const secondary = within(screen.getByRole('group', { name: 'Secondary emotions' })).getAllByRole(
      'button',
    )[0]!;
    await userEvent.click(secondary);
    const specific = within(screen.getByRole('group', { name: 'Specific feelings' })).getAllByRole(
      'button',
    )[1]!;
    await userEvent.click(specific);
    fireEvent.keyDown(slider(), { key: 'End' });
    expect(last(onChange)).toMatchObject({ primaryEmotion: 'Sadness', category: 'negative', intensity: 10 });

    await userEvent.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(last(onChange)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Step 1 of 4');
    expect(screen.queryByRole('slider')).toBeNull();
    await pickPath('Calm');
    const calmSecondary = within(screen.getByRole('group', { name: 'Secondary emotions' })).getAllByRole(
      'button',
    )[0]!;
    await userEvent.click(calmSecondary);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Specific feelings' })).getAllByRole('button')[0]!,
    );
    expect(last(onChange)).toMatchObject({ primaryEmotion: 'Calm', intensity: 5 });
  });

  it('is operable with the keyboard: Tab to a ring, arrows to move, Enter or Space to pick', async () => {
    const onChange = setup({ defaultMode: 'detailed' });
    const joy = segment('Joy');
    // One tab stop per ring.
    expect(joy).toHaveAttribute('tabindex', '0');
    expect(segment('Love')).toHaveAttribute('tabindex', '-1');
    act(() => joy.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(segment('Love')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(segment('Disgust')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(segment('Joy')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(segment('Love')).toHaveAttribute('aria-pressed', 'true');
    const secondaries = within(screen.getByRole('group', { name: 'Secondary emotions' })).getAllByRole(
      'button',
    );
    expect(secondaries[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight} ');
    expect(secondaries[1]).toHaveAttribute('aria-pressed', 'true');
    const specifics = within(screen.getByRole('group', { name: 'Specific feelings' })).getAllByRole('button');
    expect(specifics[0]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(slider()).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(last(onChange)).toMatchObject({ primaryEmotion: 'Love', intensity: 6 });
  });

  it('opens the info modal with its four sections', async () => {
    setup({ defaultMode: 'detailed' });
    expect(screen.queryByRole('button', { name: 'Learn more about this emotion' })).toBeNull();
    await pickPath('Joy');
    await userEvent.click(screen.getByRole('button', { name: 'Learn more about this emotion' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Joy' })).toBeInTheDocument();
    for (const heading of [
      'Definition',
      'You might feel this when...',
      'Physical sensations',
      'Related emotions',
    ])
      expect(within(dialog).getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(within(dialog).getByText(/bright, light feeling of happiness/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('emotion check-in: compact', () => {
  async function chooseDelighted() {
    await userEvent.click(screen.getByRole('button', { name: 'Choose Emotion' }));
    await pickPath('Joy', 'Cheerful', 'Delighted');
  }

  it('starts with Choose Emotion and its hint, then confirms the choice', async () => {
    const onChange = setup({ variant: 'compact', defaultMode: 'detailed' });
    expect(screen.getByText('Select an emotion to add to this entry')).toBeInTheDocument();
    await chooseDelighted();
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(last(onChange)).toMatchObject({ specificFeeling: 'Delighted', intensity: 7 });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    const title = await screen.findByRole('heading', { name: 'Confirm your emotion check-in' });
    const card = title.closest('section')!;
    const crumbs = within(card).getByRole('navigation', { name: 'Emotion path' });
    expect(crumbs).toHaveTextContent(/Joy\s*>\s*Cheerful\s*>\s*Delighted/);
    expect(within(card).getByText(/A burst of pleasure/)).toBeInTheDocument();
    expect(within(card).getByText('7/10')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Intensity 7/10' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(title).toHaveFocus();
  });

  it("'Edit' clears and reopens the selector; 'Cancel Edit' restores the remembered selection", async () => {
    const onChange = setup({ variant: 'compact', defaultMode: 'detailed' });
    await chooseDelighted();
    fireEvent.keyDown(slider(), { key: 'ArrowLeft' });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const chosen = last(onChange);
    expect(chosen).toMatchObject({ specificFeeling: 'Delighted', intensity: 4 });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(last(onChange)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Step 1 of 4');
    await pickPath('Fear');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(last(onChange)).toEqual(chosen);
    expect(await screen.findByRole('heading', { name: 'Confirm your emotion check-in' })).toBeInTheDocument();
    expect(screen.getByText('4/10')).toBeInTheDocument();
  });

  it('auto-closes 1000 ms after an intensity-only change, then animates for 600 ms', async () => {
    vi.useFakeTimers();
    const onChange = setup({ variant: 'compact', defaultMode: 'detailed' });
    fireEvent.click(screen.getByRole('button', { name: 'Choose Emotion' }));
    for (const name of ['Joy', 'Cheerful', 'Delighted']) fireEvent.click(segment(name));
    // Completing a path does not close: the user still sets the intensity.
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('slider')).toBeInTheDocument();

    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    act(() => vi.advanceTimersByTime(700));
    // Another intensity change restarts the delay.
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(last(onChange)).toMatchObject({ intensity: 7 });
    act(() => vi.advanceTimersByTime(999));
    const card = screen.getByRole('region', { name: 'Emotion check-in' });
    expect(card).toHaveAttribute('data-closing', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(card).toHaveAttribute('data-closing', 'true');
    expect(screen.getByRole('slider')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(599));
    expect(screen.getByRole('slider')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Confirm your emotion check-in' })).toBeInTheDocument();
    expect(screen.getByText('7/10')).toBeInTheDocument();
  });

  it('does not auto-close when the path changes', async () => {
    vi.useFakeTimers();
    setup({ variant: 'compact', defaultMode: 'simple' });
    fireEvent.click(screen.getByRole('button', { name: 'Choose Emotion' }));
    fireEvent.click(segment('Positive'));
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    fireEvent.click(segment('Neutral'));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('slider')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neutral' })).toHaveAttribute('aria-pressed', 'true');
  });
});
