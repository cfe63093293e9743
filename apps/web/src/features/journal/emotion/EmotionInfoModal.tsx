import { Badge, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { emotionInfo, emotionInfoLabels } from '@mindledger/domain';
import classes from './emotion.module.css';
import { displayName } from './selection';

export interface EmotionInfoModalProps {
  name: string;
  opened: boolean;
  onClose(): void;
}

/** 'Learn more about this emotion' (Part 1 §2); loaded on first use to stay out of the first load. */
export default function EmotionInfoModal({ name, opened, onClose }: EmotionInfoModalProps) {
  const info = emotionInfo(name);
  const title = displayName(info.name);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Group gap="xs" wrap="nowrap">
          {info.emoji ? (
            <Text span fz={26} aria-hidden="true" className={classes.emojiFont}>
              {info.emoji}
            </Text>
          ) : null}
          <Text span fz="lg" fw={700}>
            {title}
          </Text>
        </Group>
      }
    >
      <Stack gap="md">
        <section>
          <Title order={3} fz="sm" mb={4}>
            {emotionInfoLabels.definition}
          </Title>
          <Text fz="sm">{info.definition}</Text>
        </section>
        <section>
          <Title order={3} fz="sm" mb={4}>
            {emotionInfoLabels.examples}
          </Title>
          <List fz="sm" spacing={2}>
            {info.examples.map((example) => (
              <List.Item key={example}>{example}</List.Item>
            ))}
          </List>
        </section>
        <section>
          <Title order={3} fz="sm" mb={4}>
            {emotionInfoLabels.physicalSensations}
          </Title>
          <List fz="sm" spacing={2}>
            {info.physicalSensations.map((sensation) => (
              <List.Item key={sensation}>{sensation}</List.Item>
            ))}
          </List>
        </section>
        <section>
          <Title order={3} fz="sm" mb={6}>
            {emotionInfoLabels.relatedEmotions}
          </Title>
          {info.relatedEmotions.length > 0 ? (
            <Group gap={6}>
              {info.relatedEmotions.map((related) => (
                <Badge key={related} variant="light" color="gray" radius="sm" tt="none" size="lg" fw={500}>
                  {related}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text fz="sm" c="dimmed">
              Take your time: naming how you feel is already a step.
            </Text>
          )}
        </section>
      </Stack>
    </Modal>
  );
}
