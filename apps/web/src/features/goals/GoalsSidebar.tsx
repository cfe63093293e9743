import { Badge, Card, NavLink, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { goalLimits } from '@mindledger/domain';
import { IconArchive, IconStethoscope, IconUser } from '@tabler/icons-react';
import type { GoalStats } from './api';
import type { GoalCategoryView } from './view';

export interface GoalCounts {
  personal: number;
  therapist: number;
  archived: number;
}

interface GoalsSidebarProps {
  selected: GoalCategoryView | null;
  onSelect: (category: GoalCategoryView) => void;
  counts: GoalCounts | null;
  stats: GoalStats | null;
}

const categories = [
  { view: 'personal', label: 'Personal Goals', icon: IconUser },
  { view: 'therapist', label: 'Therapist Goals', icon: IconStethoscope },
  { view: 'archived', label: 'Archived Goals', icon: IconArchive },
] as const;

/** Part 1 §2 Goals sidebar: categories with counts, Quick Stats and the Goal Usage bar. */
export function GoalsSidebar({ selected, onSelect, counts, stats }: GoalsSidebarProps) {
  const used = counts ? counts.personal + counts.therapist : 0;
  return (
    <Stack gap="md" component="aside" aria-label="Goals overview">
      <Card withBorder radius="lg" padding="sm">
        <nav aria-label="Goal categories">
          <Stack gap={4}>
            {categories.map(({ view: v, label, icon: Icon }) => (
              <NavLink
                key={v}
                component="button"
                type="button"
                variant="light"
                label={label}
                active={selected === v}
                aria-current={selected === v ? 'true' : undefined}
                onClick={() => onSelect(v)}
                leftSection={<Icon size={18} stroke={1.6} aria-hidden="true" />}
                rightSection={
                  <Badge variant="light" color="gray" circle={false} aria-hidden={counts ? undefined : true}>
                    {counts ? counts[v] : '–'}
                  </Badge>
                }
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </nav>
      </Card>
      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="goal-quick-stats">
        <Title order={2} fz="md" id="goal-quick-stats" mb="sm">
          Quick Stats
        </Title>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
          <Stat label="Total Mentions" value={stats?.totalMentions} />
          <Stat label="Completed" value={stats?.completedGoals} />
          <Stat label="Completion Rate %" value={stats ? `${stats.completionRate}%` : undefined} />
          <Stat label="Avg. Mentions" value={stats?.averageMentions} />
        </SimpleGrid>
      </Card>
      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="goal-usage">
        <Text fw={600} id="goal-usage" mb={6}>
          Goal Usage
        </Text>
        <Progress.Root size="lg" radius="xl">
          <Progress.Section
            value={(used / goalLimits.total) * 100}
            color={used >= goalLimits.total ? 'red' : 'blue'}
            withAria={false}
            role="progressbar"
            aria-labelledby="goal-usage"
            aria-valuemin={0}
            aria-valuemax={goalLimits.total}
            aria-valuenow={used}
            aria-valuetext={`${used} of ${goalLimits.total}`}
          />
        </Progress.Root>
        <Text fz="sm" c="dimmed" mt={6}>
          {counts ? `${used} of ${goalLimits.total}` : 'Loading...'}
        </Text>
      </Card>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fz="xl" fw={700} data-stat={label}>
        {value ?? <Skeleton height={24} width={40} mt={4} component="span" display="block" />}
      </Text>
    </div>
  );
}
