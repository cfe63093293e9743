import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { SharedBadge } from '../documents/SharedBadge';
import { signedLine } from '../notes/note-labels';
import type { CarePlanRecord } from './api';
import { PlanStatusBadge } from './PlanBadges';
import { versionModeLabel } from './plan-labels';
import documents from '../documents/documents.module.css';

/** The plan's title, version and state above the editor or the read-only plan. */
export function PlanHeader({ plan, editingSigned }: { plan: CarePlanRecord; editingSigned: boolean }) {
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Title order={3} fz="lg" className={documents.text}>
          {plan.carePlan.title}
        </Title>
        <PlanStatusBadge isSigned={plan.isSigned} />
        {plan.shared && <SharedBadge />}
      </Group>
      <Text fz="sm" c="dimmed">
        Version {plan.version} · {versionModeLabel(plan)}
        {plan.isSigned ? ` · ${signedLine(plan.signedAt)}` : ''}
      </Text>
      {editingSigned && (
        <Alert color="yellow" variant="light" p="xs" mt="xs">
          You are editing a signed plan. Saving makes a new draft that needs signing again; the signed version
          stays in the history.
        </Alert>
      )}
    </Stack>
  );
}
