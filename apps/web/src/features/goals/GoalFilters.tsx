import { Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { GoalStatusFilter, GoalTypeFilter } from './api';
import type { GoalViewState } from './view';

interface GoalFiltersProps {
  state: GoalViewState;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (patch: Partial<GoalViewState>) => void;
}

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'abandoned', label: 'Abandoned' },
  { value: 'all', label: 'All' },
];

const typeOptions = [
  { value: 'all', label: 'All types' },
  { value: 'personal', label: 'Personal' },
  { value: 'therapist', label: 'Therapist' },
];

/** Status filter (default active), type filter (default all) and search (Part 1 §3 Goal UI state). */
export function GoalFilters({ state, searchText, onSearchText, onChange }: GoalFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search goals"
        type="search"
        placeholder="Search by text"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={searchText}
        onChange={(event) => onSearchText(event.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      {state.tab === 'goals' && (
        <NativeSelect
          label="Status"
          data={statusOptions}
          value={state.status}
          onChange={(event) => onChange({ status: event.currentTarget.value as GoalStatusFilter })}
          style={{ flex: '1 1 130px', maxWidth: 200 }}
        />
      )}
      <NativeSelect
        label="Type"
        data={typeOptions}
        value={state.type}
        onChange={(event) => onChange({ type: event.currentTarget.value as GoalTypeFilter })}
        style={{ flex: '1 1 130px', maxWidth: 200 }}
      />
    </Group>
  );
}
