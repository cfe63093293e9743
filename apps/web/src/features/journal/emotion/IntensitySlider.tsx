import { useEffect, useId, useRef } from 'react';
import { Group, Slider, Text } from '@mantine/core';
import { luminance } from './wheel-geometry';

export interface IntensitySliderProps {
  value: number;
  onChange(value: number): void;
  /** #RRGGBB of the chosen emotion; darkened so the track keeps 3:1 contrast. */
  color?: string;
  /** Moves focus to the thumb when it appears (the wheel was completed from the keyboard). */
  focusOnMount?: boolean;
}

/** The catalogue colour, darkened on light backgrounds until it keeps 3:1 contrast with white. */
export function trackColor(color: string): string {
  const contrastOnWhite = 1.05 / (luminance(color) + 0.05);
  const darken = contrastOnWhite >= 3 ? 0 : contrastOnWhite >= 2 ? 25 : 45;
  const light = darken ? `color-mix(in srgb, ${color}, black ${darken}%)` : color;
  return `light-dark(${light}, ${color})`;
}

const marks = [1, 5, 10].map((value) => ({ value, label: String(value) }));

/** Intensity 1–10 (default 5, Part 1 §9), labelled and operable with the arrow keys. */
export function IntensitySlider({ value, onChange, color, focusOnMount = false }: IntensitySliderProps) {
  const labelId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) root.current?.querySelector<HTMLElement>('[role="slider"]')?.focus();
    // only when the slider appears
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={root}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm" id={labelId}>
          Intensity
        </Text>
        <Text fw={700} size="sm" aria-hidden="true">
          {value}/10
        </Text>
      </Group>
      <Slider
        min={1}
        max={10}
        step={1}
        value={value}
        onChange={onChange}
        label={(current) => `${current}/10`}
        thumbLabel="Intensity"
        thumbProps={{ 'aria-describedby': labelId, 'aria-valuetext': `${value} out of 10` }}
        marks={marks}
        color={color ? trackColor(color) : undefined}
        size="md"
        mb="lg"
      />
    </div>
  );
}
