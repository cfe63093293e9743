import { ActionIcon, Box, Card, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { journalPrompts } from '@mindledger/domain';

export interface PromptCardProps {
  index: number;
  onChange(index: number): void;
}

/** The journal prompt card (Part 1 §2): 25 rotating reflective prompts, a refresh button and dots. */
export function PromptCard({ index, onChange }: PromptCardProps) {
  const count = journalPrompts.length;
  const current = ((index % count) + count) % count;
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="journal-prompt-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Text id="journal-prompt-title" size="xs" tt="uppercase" fw={700} c="dimmed">
            Prompt {current + 1} of {count}
          </Text>
          <Text size="lg" fw={500} mt={4} aria-live="polite">
            {journalPrompts[current]}
          </Text>
        </div>
        <Tooltip label="Next prompt">
          <ActionIcon
            variant="light"
            size="lg"
            radius="xl"
            aria-label="Next prompt"
            onClick={() => onChange((current + 1) % count)}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap={0} mt="sm" justify="center" role="group" aria-label="Choose a prompt">
        {journalPrompts.map((_, i) => (
          <UnstyledButton
            key={i}
            onClick={() => onChange(i)}
            aria-label={`Prompt ${i + 1}`}
            aria-current={i === current ? 'true' : undefined}
            p={8}
            style={{ lineHeight: 0 }}
          >
            <Box
              w={i === current ? 14 : 8}
              h={8}
              bg={
                i === current ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'
              }
              style={{ borderRadius: 8, transition: 'width 150ms ease' }}
            />
          </UnstyledButton>
        ))}
      </Group>
    </Card>
  );
}
