import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { homeForRole } from '@mindledger/domain';
import { useDocumentTitle } from '../../ui/PageTitle';
import { useAuth } from '../auth';

/** The home of the signed-in role, or the client login when nobody is signed in. */
export function notFoundTarget(role: Parameters<typeof homeForRole>[0] | undefined): string {
  return role ? homeForRole(role) : '/auth/login/client';
}

/** Unknown routes (Part 1 §2, Part 2 §2). */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Text fz={72} fw={800} c="blue" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has been moved.</Text>
        <Button size="md" onClick={() => navigate(notFoundTarget(user?.userRole))}>
          BACK TO HOME PAGE
        </Button>
      </Stack>
    </Center>
  );
}
