import type { Ref } from 'react';
import { Anchor, Breadcrumbs, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { EmotionData } from '@mindledger/domain';
import classes from './emotion.module.css';
import { trackColor } from './IntensitySlider';
import { definitionOf, displayName } from './selection';

export interface EmotionConfirmationProps {
  value: EmotionData;
  onEdit(): void;
  titleRef?: Ref<HTMLHeadingElement>;
}

/** 'Confirm your emotion check-in' (Part 1 §2): the path, emoji, definition and intensity of a choice. */
export function EmotionConfirmation({ value, onEdit, titleRef }: EmotionConfirmationProps) {
  const path = value.path.length > 0 ? value.path : [value.primaryEmotion];
  const color = value.color;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={3} fz="md" ref={titleRef} tabIndex={-1} style={{ outlineOffset: 4 }}>
          Confirm your emotion check-in
        </Title>
        <Anchor component="button" type="button" fw={600} fz="sm" onClick={onEdit}>
          Edit
        </Anchor>
      </Group>
      <nav aria-label="Emotion path">
        <Breadcrumbs separator=">" separatorMargin={6} fz="sm">
          {path.map((name, index) => (
            <Text
              key={name}
              fz="sm"
              fw={index === path.length - 1 ? 700 : 500}
              c={index === path.length - 1 ? undefined : 'dimmed'}
            >
              {displayName(name)}
            </Text>
          ))}
        </Breadcrumbs>
      </nav>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text fz={40} lh={1} aria-hidden="true" className={classes.emojiFont}>
          {value.emoji}
        </Text>
        <Text fz="sm">{definitionOf(value)}</Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text fz="sm" fw={600} aria-hidden="true">
          Intensity
        </Text>
        <Progress
          value={value.intensity * 10}
          color={trackColor(color)}
          size="lg"
          radius="xl"
          style={{ flex: 1 }}
          aria-label={`Intensity ${value.intensity}/10`}
        />
        <Text fz="sm" fw={700}>
          {value.intensity}/10
        </Text>
      </Group>
    </Stack>
  );
}
