import { useId, useState } from 'react';
import { Card, Group, NativeSelect, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { moodOption } from '@mindledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../ui/states';
import { sentimentSeries, slicesOf } from '../../journal';
import { clientJournalApi, clientJournalKeys, countFetchFailed } from './api';
import classes from './ClientDashboard.module.css';
import panel from './ClientJournal.module.css';

/** Years offered: this one and the four before it. */
const yearsShown = 5;

/** The client's check-ins of one year by mood and by sentiment (patient-mood-count). */
export function ClientCountsCard({ patientId, today }: { patientId: string; today: string }) {
  const titleId = useId();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const counts = useQuery({
    queryKey: clientJournalKeys.count(patientId, year),
    queryFn: ({ signal }) => clientJournalApi.count(patientId, year, signal),
    placeholderData: keepPreviousData,
  });

  const body = () => {
    if (counts.isPending) {
      return (
        <Stack gap="xs" role="status" aria-label="Loading the year’s counts">
          <Skeleton h={36} w={140} />
          <Skeleton h={96} />
        </Stack>
      );
    }
    if (counts.isError) {
      return (
        <ErrorState
          title="The year’s counts could not be loaded"
          message={countFetchFailed}
          onRetry={() => void counts.refetch()}
        />
      );
    }
    const data = counts.data;
    if (data.total === 0) {
      return (
        <Text c="dimmed" ta="center" py="lg">
          No check-ins in {data.year}.
        </Text>
      );
    }
    const moods = slicesOf(data.byMood, 'mood');
    return (
      <Stack gap="md">
        <Text fz={32} fw={700} lh={1.1} data-testid="year-total">
          {data.total}{' '}
          <Text span fz="sm" fw={500} c="dimmed">
            check-in{data.total === 1 ? '' : 's'} in {data.year}
          </Text>
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <CountList
            title="By mood"
            total={data.total}
            rows={moods.map((slice) => ({
              name: slice.name,
              value: slice.value,
              color: slice.color,
              emoji: moodOption(slice.name)?.emoji,
            }))}
          />
          <CountList
            title="By sentiment"
            total={data.total}
            rows={sentimentSeries.map((s) => ({
              name: s.label,
              value: data.bySentiment[s.name] ?? 0,
              color: s.color,
            }))}
          />
        </SimpleGrid>
      </Stack>
    );
  };

  return (
    <Card
      withBorder
      radius="lg"
      className={panel.panel}
      h="100%"
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg" id={titleId}>
            Check-ins by year
          </Title>
          <NativeSelect
            size="xs"
            label="Year"
            w={96}
            value={String(year)}
            onChange={(event) => setYear(Number(event.currentTarget.value))}
            data={Array.from({ length: yearsShown }, (_, i) => String(thisYear - i))}
          />
        </Group>
        <div aria-busy={counts.isFetching}>{body()}</div>
      </Stack>
    </Card>
  );
}

interface CountRow {
  name: string;
  value: number;
  color: string;
  emoji?: string;
}

function CountList({ title, total, rows }: { title: string; total: number; rows: CountRow[] }) {
  const headingId = useId();
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={600} id={headingId}>
        {title}
      </Text>
      <Stack gap={8} component="ul" className={classes.countList} aria-labelledby={headingId}>
        {rows.map((row) => (
          <li key={row.name}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {row.emoji && <span aria-hidden="true">{row.emoji} </span>}
                {row.name}
              </Text>
              <Text fz="sm" fw={600}>
                {row.value}
              </Text>
            </Group>
            <Progress
              value={total > 0 ? (row.value / total) * 100 : 0}
              color={row.color}
              size="sm"
              mt={4}
              aria-hidden="true"
            />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
