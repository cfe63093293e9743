import { useState, type CSSProperties } from 'react';
import { Badge, Box, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { emotionCategoryOf, findEmotion } from '@mindledger/domain';
import classes from './emotion.module.css';
import { EmotionInfoButton } from './EmotionInfoButton';
import { EmotionWheel, type WheelLevel } from './EmotionWheel';
import { IntensitySlider } from './IntensitySlider';
import { capitalise, type Selection } from './selection';
import { ringRadiiFor } from './wheel-geometry';

export interface DetailedSelectorProps {
  selection: Selection;
  onPick(level: WheelLevel, name: string): void;
  onIntensity(value: number): void;
}

const slotLabels = ['Primary Emotion', 'Secondary Emotion', 'Specific Feeling'] as const;

const stepTexts = [
  'Step 1 of 4: choose a primary emotion',
  'Step 2 of 4: choose a secondary emotion',
  'Step 3 of 4: choose a specific feeling',
] as const;

const categoryColor = { positive: 'teal', neutral: 'yellow', negative: 'red', unknown: 'gray' } as const;

/** Detailed mode (Part 1 §2, §4): the three-ring wheel in four steps, then the intensity. */
export function DetailedSelector({ selection, onPick, onIntensity }: DetailedSelectorProps) {
  const { ref, width } = useElementSize();
  const [keyboardCompleted, setKeyboardCompleted] = useState(false);
  const { path } = selection;
  const step = Math.min(path.length + 1, 4);
  const deepest = path[path.length - 1];
  const leaf = step === 4 && deepest ? findEmotion(deepest)?.node : undefined;
  const category = path[0] ? emotionCategoryOf(path[0]) : 'unknown';
  const stepText =
    step === 4 && leaf
      ? `Step 4 of 4: ${leaf.name} (${category}) chosen, set its intensity`
      : stepTexts[step - 1];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div>
          <Title order={3} fz={{ base: 'md', sm: 'lg' }}>
            What emotion are you experiencing?
          </Title>
          <Text size="sm" c="dimmed" role="status" aria-live="polite" aria-atomic="true">
            {stepText}
          </Text>
        </div>
        {deepest ? <EmotionInfoButton name={deepest} /> : null}
      </Group>

      {/* one slot a line on a phone: a full name ('Disappointed') never truncates to 'Dis…' */}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={6}>
        {slotLabels.map((label, level) => {
          const name = path[level];
          const node = name ? findEmotion(name)?.node : undefined;
          return (
            <div
              key={label}
              className={classes.slot}
              data-filled={Boolean(node)}
              style={node ? ({ '--slot-color': node.color } as CSSProperties) : undefined}
            >
              <Text size="xs" c="dimmed" lh={1.2}>
                {label}
              </Text>
              <Text size="sm" fw={600} lh={1.4} className={classes.slotName}>
                {node ? (
                  <>
                    <span aria-hidden="true" className={classes.emojiFont} style={{ marginRight: 4 }}>
                      {node.emoji}
                    </span>
                    {node.name}
                  </>
                ) : (
                  <span aria-label="not chosen yet">—</span>
                )}
              </Text>
            </div>
          );
        })}
      </SimpleGrid>

      <Box ref={ref} className={classes.wheelWrap}>
        <EmotionWheel
          path={path}
          radii={ringRadiiFor(width)}
          onPick={(level, name, viaKeyboard) => {
            setKeyboardCompleted(viaKeyboard && level === 2);
            onPick(level, name);
          }}
        />
      </Box>

      {leaf ? (
        <Stack gap="xs">
          <Group gap="xs" justify="center">
            <Text fz="lg" fw={700}>
              <span aria-hidden="true" className={classes.emojiFont} style={{ marginRight: 6 }}>
                {leaf.emoji}
              </span>
              {leaf.name}
            </Text>
            <Badge variant="light" color={categoryColor[category]} tt="none">
              {capitalise(category)}
            </Badge>
          </Group>
          <IntensitySlider
            key={leaf.name}
            value={selection.intensity}
            onChange={onIntensity}
            color={leaf.color}
            focusOnMount={keyboardCompleted}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
