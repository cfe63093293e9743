import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

interface SettingsCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  danger?: boolean;
}

/** One section of Profile Settings, labelled by its heading. */
export function SettingsCard({ id, title, description, children, danger }: SettingsCardProps) {
  return (
    <Card
      component="section"
      aria-labelledby={`${id}-title`}
      withBorder
      radius="lg"
      padding="lg"
      style={danger ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz={18} id={`${id}-title`} c={danger ? 'red' : undefined}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
