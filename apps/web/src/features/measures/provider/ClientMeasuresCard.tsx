import { lazy, Suspense, useId, useState } from 'react';
import { Badge, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { instruments, measureIntervalLabel, measureKinds, type MeasureKind } from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import { formatDate } from '../../../ui/format';
import { ErrorState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { useCurrentUser } from '../../auth';
import { measuresApi, measuresKeys, type MeasureAssignment, type MeasureSeries } from '../api';
import { changeText, milestones } from '@mindledger/domain';
import classes from '../measures.module.css';

const MeasureTrendChart = lazy(() =>
  import('./MeasureTrendChart').then((m) => ({ default: m.MeasureTrendChart })),
);

const intervals = [
  { value: 'once', label: 'Once' },
  { value: '1', label: 'Every week' },
  { value: '2', label: 'Every 2 weeks' },
  { value: '4', label: 'Every 4 weeks' },
];

/**
 * The provider's Questionnaires card on a client's Dashboard tab: ask for a PHQ-9 or GAD-7 (once or
 * every 1, 2 or 4 weeks), stop what they asked for, and read each measure's scores against its
 * bands, with the change flags and any item-9 alert.
 */
export function ClientMeasuresCard({ patientId }: { patientId: string }) {
  const titleId = useId();
  const overview = useQuery({
    queryKey: measuresKeys.client(patientId),
    queryFn: ({ signal }) => measuresApi.ofClient(patientId, signal),
  });
  return (
    <Card withBorder radius="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="h4" id={titleId}>
          Questionnaires
        </Title>
        <AssignForm patientId={patientId} />
        {overview.isPending ? (
          <Skeleton h={120} aria-label="Loading questionnaires..." />
        ) : overview.isError ? (
          <ErrorState
            title="Unable to load the client's questionnaires"
            message={errorMessage(overview.error)}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <>
            <Assignments patientId={patientId} assignments={overview.data.assignments} />
            {overview.data.measures.map((series) => (
              <SeriesView key={series.kind} series={series} />
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}

function AssignForm({ patientId }: { patientId: string }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<MeasureKind>('phq9');
  const [interval, setInterval] = useState('once');
  const assign = useMutation({
    mutationFn: () =>
      measuresApi.assign({
        patientId,
        kind,
        everyWeeks: interval === 'once' ? null : (Number(interval) as 1 | 2 | 4),
      }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: measuresKeys.client(patientId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Questionnaire"
        data={measureKinds.map((k) => ({ value: k, label: instruments[k].shortName }))}
        value={kind}
        onChange={(value) => value && setKind(value as MeasureKind)}
        allowDeselect={false}
        w={140}
      />
      <Select
        label="How often"
        data={intervals}
        value={interval}
        onChange={(value) => value && setInterval(value)}
        allowDeselect={false}
        w={170}
      />
      <Button onClick={() => assign.mutate()} loading={assign.isPending}>
        Assign
      </Button>
    </Group>
  );
}

function Assignments({ patientId, assignments }: { patientId: string; assignments: MeasureAssignment[] }) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const stop = useMutation({
    mutationFn: (id: string) => measuresApi.stop(id),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: measuresKeys.client(patientId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (assignments.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No questionnaire is assigned.
      </Text>
    );
  return (
    <ul className={classes.list} aria-label="Assigned questionnaires">
      {assignments.map((a) => (
        <li key={a.id} className={classes.row}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600}>
                {a.name} · {measureIntervalLabel(a.everyWeeks as 1 | null)}
              </Text>
              <Text fz="xs" c="dimmed">
                {a.due ? `Waiting since ${formatDate(a.dueAt)}` : `Next on ${formatDate(a.dueAt)}`} · asked by{' '}
                {a.providerName || 'a provider'}
              </Text>
            </Stack>
            {a.providerId === me?.id && (
              <Button
                size="xs"
                variant="default"
                onClick={() => stop.mutate(a.id)}
                loading={stop.isPending && stop.variables === a.id}
                aria-label={`Stop the ${a.name}`}
              >
                Stop
              </Button>
            )}
          </Group>
        </li>
      ))}
    </ul>
  );
}

function SeriesView({ series }: { series: MeasureSeries }) {
  const latest = series.responses.at(-1);
  return (
    <Stack gap="xs" component="section" aria-label={`${series.name} scores`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} fz="h5">
          {series.name}
        </Title>
        {latest && (
          <Group gap={6}>
            <Text fz="sm" fw={600}>
              {latest.total} of {latest.maxScore}
            </Text>
            <Badge size="sm" variant="light">
              {latest.band}
            </Badge>
            {latest.safetyAlert && (
              <Badge size="sm" color="red" variant="filled">
                Item 9 above 0
              </Badge>
            )}
          </Group>
        )}
      </Group>
      {!latest ? (
        <Text fz="sm" c="dimmed">
          No {series.name} answers yet.
        </Text>
      ) : (
        <>
          {series.responses.length > 1 && (
            <Suspense fallback={<Skeleton h={180} />}>
              <MeasureTrendChart series={series} />
            </Suspense>
          )}
          <ul className={classes.list} aria-label={`${series.name} answers`}>
            {[...series.responses].reverse().map((r) => {
              const notes = [changeText(r.flags), ...milestones(r.flags)].filter(Boolean).join(' · ');
              return (
                <li key={r.id} className={classes.row}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fz="sm">
                      {formatDate(r.completedAt)}: {r.total} of {r.maxScore}, {r.band}
                    </Text>
                    {r.safetyAlert && (
                      <Badge size="sm" color="red" variant="filled">
                        Item 9 above 0
                      </Badge>
                    )}
                  </Group>
                  {notes && (
                    <Text fz="xs" c="dimmed">
                      {notes}
                    </Text>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Stack>
  );
}
