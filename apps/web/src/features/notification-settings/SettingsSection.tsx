import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

interface SettingsSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One group of settings, labelled by its heading. */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz={18} id={`${id}-title`}>
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
