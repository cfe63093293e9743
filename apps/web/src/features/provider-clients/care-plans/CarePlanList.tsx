import { Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { carePlanCompletion } from '@mindledger/domain';
import { formatDate } from '../../../ui/format';
import { SharedBadge } from '../documents/SharedBadge';
import type { CarePlanRecord } from './api';
import { PlanStatusBadge } from './PlanBadges';
import documents from '../documents/documents.module.css';

interface CarePlanListProps {
  plans: CarePlanRecord[];
  busy: boolean;
  onOpen: (plan: CarePlanRecord) => void;
}

/** The client's plans, newest first: title, date, state and overall completion. */
export function CarePlanList({ plans, busy, onOpen }: CarePlanListProps) {
  return (
    <ul className={documents.list} aria-label="Care plans" aria-busy={busy}>
      {plans.map((plan) => (
        <PlanRow key={plan.id} plan={plan} onOpen={() => onOpen(plan)} />
      ))}
    </ul>
  );
}

function PlanRow({ plan, onOpen }: { plan: CarePlanRecord; onOpen: () => void }) {
  const date = formatDate(plan.carePlan.date);
  const completion = carePlanCompletion(plan.carePlan);
  return (
    <li className={documents.row}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <UnstyledButton
            className={documents.rowTitle}
            onClick={onOpen}
            aria-label={`Open ${plan.carePlan.title}, ${date}`}
          >
            {plan.carePlan.title}
          </UnstyledButton>
          <Group gap={6} wrap="wrap">
            {plan.shared && <SharedBadge />}
            <PlanStatusBadge isSigned={plan.isSigned} />
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          {date} · Version {plan.version}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Progress
            value={completion}
            size="md"
            color="teal"
            style={{ flex: 1 }}
            aria-label={`Overall completion of ${plan.carePlan.title}`}
          />
          <Text fz="xs" style={{ whiteSpace: 'nowrap' }}>
            {completion}% complete
          </Text>
        </Group>
      </Stack>
    </li>
  );
}
