import { useId, type CSSProperties } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import { moodOption, moodOptions } from '@mindledger/domain';
import classes from './emotion.module.css';

/** Error text with 4.5:1 contrast on both schemes. */
export const errorColor = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))';

export interface MoodOptionsProps {
  /** The chosen mood label ('' or null when none); matched ignoring case. */
  value: string | null;
  onChange(mood: string, emoji: string): void;
  error?: string | null;
  label?: string;
}

/**
 * The mood options shown to patients (Part 1 §2): Awesome, Fine, Not fine, Very bad, each with its
 * emoji and colour. Native radio buttons, so arrow keys move the choice like any radio group.
 */
export function MoodOptions({ value, onChange, error, label = 'Mood' }: MoodOptionsProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const chosen = value ? moodOption(value)?.label : undefined;
  return (
    <fieldset
      className={classes.moodGroup}
      role="radiogroup"
      aria-labelledby={`${name}-label`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={Boolean(error)}
    >
      <Text component="legend" id={`${name}-label`} fw={600} size="sm" mb={6}>
        {label}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {moodOptions.map((option) => {
          const checked = chosen === option.label;
          return (
            <label
              key={option.label}
              className={classes.moodOption}
              data-checked={checked}
              style={{ '--mood-color': option.color } as CSSProperties}
            >
              <input
                className={classes.moodInput}
                type="radio"
                name={name}
                value={option.label}
                checked={checked}
                onChange={() => onChange(option.label, option.emoji)}
              />
              <Text span fz={28} lh={1.2} aria-hidden="true" className={classes.emojiFont}>
                {option.emoji}
              </Text>
              <Text span fw={600} size="sm">
                {option.label}
              </Text>
              <span className={classes.moodDot} aria-hidden="true" />
            </label>
          );
        })}
      </SimpleGrid>
      {error ? (
        <Text id={errorId} c={errorColor} size="sm" mt={6} role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
