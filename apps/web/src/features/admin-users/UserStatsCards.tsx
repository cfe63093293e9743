import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import type { UserStats } from '../../api/types';
import { ErrorState } from '../../ui/states';
import { adminUsersApi, adminUsersKeys } from './api';

const cards: { key: keyof UserStats; label: string }[] = [
  { key: 'total', label: 'Total Users' },
  { key: 'patients', label: 'Clients' },
  { key: 'providers', label: 'Providers' },
  { key: 'admins', label: 'Admins' },
  { key: 'pendingApproval', label: 'Pending Approval' },
  { key: 'pendingActivation', label: 'Pending Activation' },
];

/** The six counters of getUserStats. */
export function UserStatsCards() {
  const stats = useQuery({ queryKey: adminUsersKeys.stats, queryFn: adminUsersApi.stats });
  if (stats.isError) {
    return (
      <ErrorState
        title="Unable to load user statistics"
        message={errorMessage(stats.error)}
        onRetry={() => void stats.refetch()}
      />
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="md"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="User statistics"
    >
      {cards.map((card) => (
        <Card key={card.key} component="li" withBorder radius="lg" padding="md">
          <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
            {card.label}
          </Text>
          {stats.isPending ? (
            <Skeleton h={28} mt={6} w="50%" />
          ) : (
            <Text fz={26} fw={700} mt={2}>
              {stats.data[card.key]}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
