import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

/** One part of Privacy and consents, named by its heading. */
export function Section(props: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  const { id, title, description, children } = props;
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
