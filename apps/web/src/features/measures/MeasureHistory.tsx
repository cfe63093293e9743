import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../ui/format';
import type { MeasureSeries } from './api';
import { changeText, milestones } from '@mindledger/domain';
import classes from './measures.module.css';

/** The client's own scores of one measure, newest first, each with its band in plain words. */
export function MeasureHistory({ series }: { series: MeasureSeries }) {
  const newestFirst = [...series.responses].reverse();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={`${series.name} history`}>
      <Title order={3} fz="h5" mb="sm">
        {series.name}
      </Title>
      {newestFirst.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No {series.name} answers yet.
        </Text>
      ) : (
        <ul className={classes.list}>
          {newestFirst.map((response) => {
            const change = changeText(response.flags);
            return (
              <li key={response.id} className={classes.row}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fz="sm" fw={600}>
                    {formatDate(response.completedAt)}
                  </Text>
                  <Group gap={6}>
                    <Text fz="sm">
                      {response.total} of {response.maxScore}
                    </Text>
                    <Badge size="sm" variant="light">
                      {response.band}
                    </Badge>
                  </Group>
                </Group>
                <Stack gap={2} mt={4}>
                  <Text fz="xs">{response.bandText}</Text>
                  {(change || milestones(response.flags).length > 0) && (
                    <Text fz="xs" c="dimmed">
                      {[change, ...milestones(response.flags)].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Stack>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
