import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../ui/PageTitle';
import { useCurrentUser } from '../auth/auth-store';

/** A plain welcome for the role's home until its own screens land (no made-up data). */
export function WelcomePage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <PageTitle title={`Welcome, ${user.firstName}`} />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Text>You are signed in to MindLedger.</Text>
          <Text c="dimmed" fz="sm">
            Your profile holds your name, time zone and security settings.{' '}
            <Anchor component={Link} to="/profile" inherit>
              View your profile
            </Anchor>
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
