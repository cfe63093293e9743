import { useEffect } from 'react';
import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { roleLabel } from '@mindledger/domain';
import { formatDate, fullName, initialsOf } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { authStore, fetchMe, useCurrentUser } from '../auth';
import { ProfileBreadcrumbs } from './ProfileBreadcrumbs';
import { timezoneLabel } from './timezone-label';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

/** /profile: My Profile. */
export function MyProfilePage() {
  const user = useCurrentUser();
  const { data } = useQuery({ queryKey: ['me'], queryFn: fetchMe });
  useEffect(() => {
    if (data) authStore.setUser(data);
  }, [data]);
  if (!user) return null;

  return (
    <Stack gap={0}>
      <ProfileBreadcrumbs role={user.userRole} current="profile" />
      <PageTitle
        title="My Profile"
        actions={
          <Group gap="sm">
            <Button component={Link} to="/profile/privacy" variant="default">
              Privacy and consents
            </Button>
            <Button component={Link} to="/profile/edit-profile" variant="light">
              Edit profile
            </Button>
          </Group>
        }
      />
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="xl">
          <Group gap="lg" wrap="nowrap" align="center">
            <Avatar
              src={user.avatar.url}
              alt={`${fullName(user)}'s profile photo`}
              size={88}
              radius={88}
              color="blue"
            >
              {initialsOf(user)}
            </Avatar>
            <Stack gap={6} miw={0}>
              <Title order={2} fz={22}>
                {fullName(user)}
              </Title>
              <Group gap="xs">
                <Badge variant="light">{roleLabel(user.userRole)}</Badge>
                {user.twoFactor.enabled && (
                  <Badge variant="light" color="green">
                    Two-factor on
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Detail label="Email" value={user.email} />
            <Detail label="Role" value={roleLabel(user.userRole)} />
            <Detail label="Time zone" value={timezoneLabel(user.timezone)} />
            <Detail label="Phone" value={user.phone || 'N/A'} />
            <Detail label="Member since" value={formatDate(user.createdAt, 'MMMM D, YYYY')} />
          </SimpleGrid>
        </Stack>
      </Card>
    </Stack>
  );
}
