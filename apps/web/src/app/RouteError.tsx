import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to load or throws (for example a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  if (error) console.error('Route error', error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">This page could not be shown. Reloading usually helps.</Text>
        {detail && (
          <Text fz="sm" c="dimmed">
            {detail}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </Stack>
    </Center>
  );
}
