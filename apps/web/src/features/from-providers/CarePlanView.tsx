import type { ReactNode } from 'react';
import { Badge, Group, Paper, Progress, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import {
  carePlanCompletion,
  formatShortDay,
  objectiveStatusLabels,
  type CarePlanDocument,
  type CarePlanObjective,
  type ObjectiveStatus,
} from '@mindledger/domain';
import classes from './from-providers.module.css';

const statusColors: Record<ObjectiveStatus, string> = {
  'not-started': 'gray',
  'in-progress': 'blue',
  completed: 'green',
  discontinued: 'orange',
};

const order = (n: number) => Math.min(Math.max(n, 1), 6) as TitleOrder;

interface CarePlanViewProps {
  plan: CarePlanDocument & { isSigned: boolean };
  /** The level of the plan's title (its parts are one below, goals two below). */
  headingLevel?: number;
}

/** A care plan (treatment plan, Part 2 §3), read-only: as the client reads what was shared. */
export function CarePlanView({ plan, headingLevel = 2 }: CarePlanViewProps) {
  const { code, description } = plan.diagnosis;
  const diagnosis = [code, description].filter(Boolean).join(' — ') || 'Not recorded';
  return (
    <Stack gap="md" component="article" aria-label={plan.title} className={classes.doc}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Title order={order(headingLevel)} size="h3">
            {plan.title}
          </Title>
          <Badge size="sm" variant="light" color={plan.isSigned ? 'green' : 'gray'}>
            {plan.isSigned ? 'Signed' : 'Draft'}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {formatShortDay(plan.date)}
        </Text>
      </Stack>
      <dl className={classes.fields}>
        <Field label="Diagnosis">{diagnosis}</Field>
        <Field label="Follow-up frequency">{plan.frequency}</Field>
        <Field label="Overall progress">{carePlanCompletion(plan)}% complete</Field>
      </dl>
      {plan.problem && (
        <Stack gap={4}>
          <Title order={order(headingLevel + 1)} size="h5">
            Problem
          </Title>
          <Text fz="sm" className={classes.text}>
            {plan.problem}
          </Text>
        </Stack>
      )}
      <Stack gap="sm">
        <Title order={order(headingLevel + 1)} size="h5">
          Goals
        </Title>
        {plan.goals.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No goals yet.
          </Text>
        ) : (
          plan.goals.map((goal) => (
            <Paper key={goal.id} withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={order(headingLevel + 2)} size="h6">
                  {goal.title}
                </Title>
                {goal.objectives.length > 0 && (
                  <ul className={classes.objectives} aria-label={`Objectives of ${goal.title}`}>
                    {goal.objectives.map((objective) => (
                      <Objective key={objective.id} objective={objective} />
                    ))}
                  </ul>
                )}
              </Stack>
            </Paper>
          ))
        )}
      </Stack>
    </Stack>
  );
}

function Objective({ objective }: { objective: CarePlanObjective }) {
  return (
    <li>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Text fz="sm" fw={500} className={classes.text}>
            {objective.title}
          </Text>
          <Badge size="sm" variant="light" color={statusColors[objective.status]}>
            {objectiveStatusLabels[objective.status]}
          </Badge>
        </Group>
        {objective.objectiveValue && (
          <Text fz="sm" c="dimmed" className={classes.text}>
            Target: {objective.objectiveValue}
          </Text>
        )}
        <Group gap="sm" wrap="nowrap">
          <Progress.Root size="md" radius="xl" style={{ flex: 1 }}>
            <Progress.Section
              value={objective.completion}
              color={statusColors[objective.status] === 'gray' ? 'blue' : statusColors[objective.status]}
              withAria={false}
              role="progressbar"
              aria-label={`${objective.title}: completion`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={objective.completion}
              aria-valuetext={`${objective.completion}% complete`}
            />
          </Progress.Root>
          <Text fz="xs" fw={600} w={40} ta="right">
            {objective.completion}%
          </Text>
        </Group>
        {objective.strategy.length > 0 && (
          <ul className={classes.strategies}>
            {objective.strategy.map((s, index) => (
              <li key={index}>
                <Text fz="xs" className={classes.text}>
                  {[s.intervention, s.modality, s.frequency].filter(Boolean).join(' · ')}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </li>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <Text component="dt" fz="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0} className={classes.text}>
        {children}
      </Text>
    </div>
  );
}
