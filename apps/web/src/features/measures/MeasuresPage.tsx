import { useEffect, useRef, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  instruments,
  measureIntervalLabel,
  measureKinds,
  measureMessages,
  type MeasureKind,
} from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { measuresApi, measuresKeys, type MeasureAssignment } from './api';
import { MeasureHistory } from './MeasureHistory';
import { QuestionnaireFlow } from './QuestionnaireFlow';
import classes from './measures.module.css';

export const measuresPath = '/user/measures';

/**
 * /user/measures: the questionnaires a provider asked for (`?assignment={id}`, the notification's
 * link, opens one), PHQ-9 or GAD-7 taken on one's own (`?take=phq9`), and one's own history with
 * each band in plain words and the reminder that a questionnaire is not a diagnosis.
 */
export function MeasuresPage() {
  const [params, setParams] = useSearchParams();
  const overview = useQuery({
    queryKey: measuresKeys.mine(),
    queryFn: ({ signal }) => measuresApi.mine(signal),
  });
  const assignmentId = params.get('assignment');
  const take = params.get('take');

  const assignment = assignmentId ? overview.data?.assignments.find((a) => a.id === assignmentId) : undefined;
  const selfKind = measureKinds.find((k) => k === take);
  // What is being answered stays open until closed, also once the list no longer has it waiting
  // (answering it is what takes it off the list).
  const [active, setActive] = useState<{ kind: MeasureKind; assignmentId: string | null } | null>(null);
  // A link opens what it names once: closing clears the link, but the router applies that after
  // the close, so the page renders once more with the old link, which must not open it again.
  const opened = useRef<string | null>(null);
  const link = selfKind ? `take=${selfKind}` : assignmentId ? `assignment=${assignmentId}` : null;
  useEffect(() => {
    if (!link) opened.current = null;
    if (active || !link || opened.current === link) return;
    if (selfKind) setActive({ kind: selfKind, assignmentId: null });
    else if (assignment?.due) setActive({ kind: assignment.kind, assignmentId: assignment.id });
    else return;
    opened.current = link;
  }, [active, link, selfKind, assignment]);
  const close = () => {
    setActive(null);
    setParams({}, { replace: true });
  };

  return (
    <Stack gap="lg">
      <PageTitle
        title="Questionnaires"
        description="Short, standard check-ins — PHQ-9 for mood and GAD-7 for anxiety — that you and your provider can follow over time."
      />
      {active && (
        <Card withBorder radius="lg" padding="lg">
          <QuestionnaireFlow
            key={`${active.kind}:${active.assignmentId ?? 'self'}`}
            kind={active.kind}
            assignmentId={active.assignmentId}
            onClose={close}
          />
        </Card>
      )}
      {overview.isPending ? (
        <LoadingState label="Loading your questionnaires..." />
      ) : overview.isError ? (
        <ErrorState
          title="Unable to load your questionnaires"
          message={errorMessage(overview.error)}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          {assignmentId && !active && !assignment?.due && (
            <Text role="status" fz="sm">
              {measureMessages.notOpen}
            </Text>
          )}
          <Waiting
            assignments={overview.data.assignments}
            openId={active?.assignmentId ?? null}
            onStart={(id) => setParams({ assignment: id })}
          />
          <Card withBorder radius="lg" padding="lg" component="section" aria-label="Take one yourself">
            <Title order={2} fz="h4" mb={4}>
              Take one yourself
            </Title>
            <Text fz="sm" c="dimmed" mb="sm">
              Each takes about two minutes. Your connected providers can see your scores.
            </Text>
            <Group gap="sm">
              {measureKinds.map((kind) => (
                <Button key={kind} variant="light" onClick={() => setParams({ take: kind })}>
                  Take the {instruments[kind].shortName}
                </Button>
              ))}
            </Group>
          </Card>
          <Stack gap="sm" component="section" aria-label="Your history">
            <Title order={2} fz="h4">
              Your history
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {overview.data.measures.map((series) => (
                <MeasureHistory key={series.kind} series={series} />
              ))}
            </SimpleGrid>
            <Text fz="sm" c="dimmed">
              {overview.data.disclaimer ?? measureMessages.notDiagnosis}
            </Text>
          </Stack>
        </>
      )}
    </Stack>
  );
}

/**
 * What the client's providers asked for. The one being answered above is not offered again: while it
 * is open (and until it is saved) its row says 'Open above' instead of showing a Start button.
 */
function Waiting({
  assignments,
  openId,
  onStart,
}: {
  assignments: MeasureAssignment[];
  /** The assignment being answered above, if any. */
  openId: string | null;
  onStart: (id: string) => void;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Asked by your providers">
      <Title order={2} fz="h4" mb="sm">
        Asked by your providers
      </Title>
      {assignments.length === 0 ? (
        <EmptyState title="Nothing is waiting for you.">
          When a provider asks you to complete a questionnaire, it appears here.
        </EmptyState>
      ) : (
        <ul className={classes.list}>
          {assignments.map((a) => (
            <li key={a.id} className={classes.row}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} fz="sm">
                    {a.name} · {measureIntervalLabel(a.everyWeeks as 1 | null)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    Asked by {a.providerName || 'your provider'}
                    {a.due ? '' : ` · next on ${formatDate(a.dueAt)}`}
                  </Text>
                </Stack>
                {a.due &&
                  (a.id === openId ? (
                    <Text fz="sm" fw={600}>
                      Open above
                    </Text>
                  ) : (
                    <Button size="xs" onClick={() => onStart(a.id)} aria-label={`Start the ${a.name}`}>
                      Start
                    </Button>
                  ))}
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
