import { Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  planIds,
  plans,
  subscriptionStatuses,
  type PlanId,
  type SubscriptionStatus,
} from '@mindledger/domain';
import { statusLabels } from './api';

export interface SubscriptionFilterValues {
  search: string;
  status: SubscriptionStatus | '';
  plan: PlanId | '';
}

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...subscriptionStatuses.map((value) => ({ value, label: statusLabels[value] })),
];

const planOptions = [
  { value: '', label: 'All plans' },
  ...planIds.map((value) => ({ value, label: plans[value].name })),
];

/** Search by the user's name or email, and the status and plan filters. */
export function SubscriptionFilters({
  value,
  onChange,
}: {
  value: SubscriptionFilterValues;
  onChange: (next: SubscriptionFilterValues) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search subscriptions"
        placeholder="User name or email"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        style={{ flex: '1 1 220px' }}
        type="search"
      />
      <NativeSelect
        label="Status"
        data={statusOptions}
        value={value.status}
        onChange={(event) =>
          onChange({ ...value, status: event.currentTarget.value as SubscriptionFilterValues['status'] })
        }
        style={{ flex: '1 1 150px' }}
        maw={{ base: '100%', sm: 200 }}
      />
      <NativeSelect
        label="Plan"
        data={planOptions}
        value={value.plan}
        onChange={(event) =>
          onChange({ ...value, plan: event.currentTarget.value as SubscriptionFilterValues['plan'] })
        }
        style={{ flex: '1 1 170px' }}
        maw={{ base: '100%', sm: 220 }}
      />
    </Group>
  );
}
