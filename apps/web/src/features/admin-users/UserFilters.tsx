import { Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Role, UserStatus } from '@mindledger/domain';
import { statusLabels } from './api';

export interface FilterValues {
  search: string;
  role: Role | '';
  status: UserStatus | '';
}

const roleOptions = [
  { value: '', label: 'All roles' },
  { value: 'patient', label: 'Client' },
  { value: 'provider', label: 'Provider' },
  { value: 'admin', label: 'Admin' },
];

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...(Object.keys(statusLabels) as UserStatus[]).map((value) => ({ value, label: statusLabels[value] })),
];

export function UserFilters({
  value,
  onChange,
}: {
  value: FilterValues;
  onChange: (next: FilterValues) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search users"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        style={{ flex: '1 1 220px' }}
        type="search"
      />
      <NativeSelect
        label="Role"
        data={roleOptions}
        value={value.role}
        onChange={(event) => onChange({ ...value, role: event.currentTarget.value as FilterValues['role'] })}
        style={{ flex: '0 1 160px' }}
      />
      <NativeSelect
        label="Status"
        data={statusOptions}
        value={value.status}
        onChange={(event) =>
          onChange({ ...value, status: event.currentTarget.value as FilterValues['status'] })
        }
        style={{ flex: '0 1 190px' }}
      />
    </Group>
  );
}
