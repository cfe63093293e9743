import type { ReactNode } from 'react';
import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import {
  carePlanCompletion,
  formatNoteTime,
  objectiveStatusLabels,
  type CarePlanDocument,
  type CarePlanObjective,
} from '@mindledger/domain';
import { formatDate } from '../../../ui/format';
import { diagnosisText, statusColors } from './plan-labels';
import documents from '../documents/documents.module.css';
import classes from './care-plans.module.css';

interface CarePlanDocumentViewProps {
  doc: CarePlanDocument;
  /** What a goal offers beside it (the current version's 'Add as therapist goal'). */
  goalAction?: (goal: CarePlanDocument['goals'][number]) => ReactNode;
}

/** A care plan read-only (a signed plan, or a version of the history): every part as text. */
export function CarePlanDocumentView({ doc, goalAction }: CarePlanDocumentViewProps) {
  const completion = carePlanCompletion(doc);
  return (
    <Stack gap="md" className={documents.doc}>
      <dl className={documents.fields}>
        <Field label="Date">
          {formatDate(doc.date)} · {formatNoteTime(doc.time)}
        </Field>
        <Field label="Diagnosis">{diagnosisText(doc.diagnosis) || 'Not recorded'}</Field>
        <Field label="Follow-up frequency">{doc.frequency}</Field>
        <Field label="Client agreement">
          {doc.isDeclared ? 'Client has reviewed and agreed to this plan' : 'Not yet declared'}
        </Field>
      </dl>
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Overall completion: {completion}%
        </Text>
        <Progress value={completion} size="md" color="teal" aria-label="Overall completion" />
      </Stack>
      <TextBlock label="Justification" text={doc.justification} />
      <TextBlock label="Problem" text={doc.problem} />
      <TextBlock label="Discharge criteria" text={doc.discharge} />
      <TextBlock label="Additional info" text={doc.AdditionalInfo} />
      <Stack gap="sm">
        <Title order={3} fz="md">
          Goals
        </Title>
        {doc.goals.length === 0 && (
          <Text fz="sm" c="dimmed">
            No goals yet.
          </Text>
        )}
        {doc.goals.map((goal, index) => (
          <Paper key={goal.id} withBorder radius="md" p="sm" className={classes.goal}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Title order={4} fz="sm" className={documents.text}>
                  Goal {index + 1}: {goal.title}
                </Title>
                {goalAction?.(goal)}
              </Group>
              {goal.objectives.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  No objectives.
                </Text>
              ) : (
                <ul className={documents.list} aria-label={`Objectives of goal ${index + 1}`}>
                  {goal.objectives.map((objective) => (
                    <ObjectiveItem key={objective.id} objective={objective} />
                  ))}
                </ul>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function ObjectiveItem({ objective }: { objective: CarePlanObjective }) {
  const facts = [
    objective.objectiveValue && `Target: ${objective.objectiveValue}`,
    objective.duration && `Duration: ${objective.duration}`,
  ].filter(Boolean);
  return (
    <li className={classes.objective}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fz="sm" fw={600} className={documents.text}>
            {objective.title}
          </Text>
          <Badge size="sm" variant="light" color={statusColors[objective.status]}>
            {objectiveStatusLabels[objective.status]}
          </Badge>
        </Group>
        {facts.length > 0 && (
          <Text fz="xs" c="dimmed" className={documents.text}>
            {facts.join(' · ')}
          </Text>
        )}
        <Progress value={objective.completion} size="sm" aria-label={`Completion of ${objective.title}`} />
        <Text fz="xs" c="dimmed">
          {objective.completion}% complete
        </Text>
        {objective.strategy.length > 0 && (
          <ul className={classes.strategies}>
            {objective.strategy.map((s, i) => (
              <li key={i} className={documents.text}>
                {[s.intervention, s.modality, s.frequency].filter(Boolean).join(' · ')}
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
    <div className={documents.field}>
      <Text component="dt" fz="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function TextBlock({ label, text }: { label: string; text?: string }) {
  if (!text) return null;
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        {label}
      </Text>
      <Text fz="sm" className={documents.text}>
        {text}
      </Text>
    </Stack>
  );
}
