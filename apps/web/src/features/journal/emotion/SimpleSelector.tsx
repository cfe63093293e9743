import type { CSSProperties } from 'react';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { simpleEmotionKinds, simpleEmotions, type SimpleEmotionKind } from '@mindledger/domain';
import classes from './emotion.module.css';
import { IntensitySlider } from './IntensitySlider';
import { capitalise, type Selection } from './selection';

export interface SimpleSelectorProps {
  selection: Selection;
  onPick(kind: SimpleEmotionKind): void;
  onIntensity(value: number): void;
}

/** Simple mode (Part 1 §2): 'How are you feeling?' with positive, neutral and negative. */
export function SimpleSelector({ selection, onPick, onIntensity }: SimpleSelectorProps) {
  const chosen = simpleEmotionKinds.find((kind) => kind === selection.path[0]);
  return (
    <Stack gap="sm">
      <Title order={3} fz={{ base: 'md', sm: 'lg' }}>
        How are you feeling?
      </Title>
      <SimpleGrid cols={3} spacing="xs">
        {simpleEmotionKinds.map((kind) => {
          const emotion = simpleEmotions[kind];
          return (
            <button
              key={kind}
              type="button"
              className={classes.simpleChoice}
              aria-pressed={chosen === kind}
              style={{ '--choice-color': emotion.color } as CSSProperties}
              onClick={() => onPick(kind)}
            >
              <span className={classes.bigEmoji} aria-hidden="true">
                {emotion.emoji}
              </span>
              <Text span fw={600} size="sm">
                {capitalise(kind)}
              </Text>
            </button>
          );
        })}
      </SimpleGrid>
      {chosen ? (
        <IntensitySlider
          value={selection.intensity}
          onChange={onIntensity}
          color={simpleEmotions[chosen].color}
        />
      ) : null}
    </Stack>
  );
}
