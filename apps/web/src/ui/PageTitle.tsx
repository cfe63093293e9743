import { useEffect, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | MindLedger` : 'MindLedger';
  }, [title]);
}

interface PageTitleProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The page-title bar: one h1 per page, and the browser tab title. */
export function PageTitle({ title, description, actions }: PageTitleProps) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions}
    </Group>
  );
}
