import { useId, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../ui/states';
import { goalTypeColor } from '../colors';
import { GoalToggleButton } from './GoalToggleButton';
import { SelectedGoalChips } from './SelectedGoalChips';
import { noActiveGoalsText, selectionCap, toggleSelection, type GoalOption } from './types';

export interface GoalSelectionCardProps {
  personal: GoalOption[];
  therapist: GoalOption[];
  selectedIds: string[];
  onChange(ids: string[]): void;
  loading?: boolean;
  error?: boolean;
  onRetry?(): void;
}

const defaultEmoji = '🎯';

/**
 * The goal selection card of a journal entry (Part 1 §2). Controlled: the entry form owns the
 * chosen ids; the card only offers the client's active goals and reports changes. Once something is
 * chosen, 'Done' collapses the chooser into the 'Selected Goals' summary and 'Edit' re-opens it.
 */
export function GoalSelectionCard({
  personal,
  therapist,
  selectedIds,
  onChange,
  loading = false,
  error = false,
  onRetry,
}: GoalSelectionCardProps) {
  const titleId = useId();
  // An entry that already has goals opens on its summary; a fresh one on the chooser.
  const [editing, setEditing] = useState(() => selectedIds.length === 0);
  const byId = new Map([...personal, ...therapist].map((goal) => [goal.id, goal]));
  const selected = selectedIds.flatMap((id) => byId.get(id) ?? []);
  const first = selected[0];
  const collapsed = !editing && selected.length > 0 && !loading && !error;
  const subtitle =
    selected.length === 0
      ? 'Link this entry to the goals it relates to'
      : `${selected.length} ${selected.length === 1 ? 'goal' : 'goals'} selected`;

  const change = (ids: string[]) => {
    // With nothing chosen there is nothing to summarise: the chooser stays open.
    if (ids.length === 0) setEditing(true);
    onChange(ids);
  };
  const remove = (id: string) => change(selectedIds.filter((s) => s !== id));

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-goal-type={first?.type}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
            <ThemeIcon
              size={40}
              radius="xl"
              variant="light"
              color={first ? goalTypeColor[first.type] : 'gray'}
              aria-hidden="true"
            >
              <span style={{ fontSize: 20, lineHeight: 1 }}>{first?.emoji ?? defaultEmoji}</span>
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={2} fz="lg" id={titleId} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {collapsed ? 'Selected Goals' : (first?.text ?? 'Goals')}
              </Title>
              {collapsed && first && (
                <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {first.text}
                </Text>
              )}
              <Text fz="sm" c="dimmed">
                {subtitle}
              </Text>
            </Stack>
          </Group>
          {collapsed && (
            <Button type="button" variant="light" size="compact-md" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
        </Group>
        {collapsed ? (
          <SelectedGoalChips selected={selected} onRemove={remove} onClearAll={() => change([])} />
        ) : (
          <Chooser
            personal={personal}
            therapist={therapist}
            selectedIds={selectedIds}
            selected={selected}
            loading={loading}
            error={error}
            onRetry={onRetry}
            onChange={(ids) => {
              setEditing(true);
              change(ids);
            }}
            onRemove={remove}
            onDone={() => setEditing(false)}
          />
        )}
      </Stack>
    </Card>
  );
}

interface ChooserProps {
  personal: GoalOption[];
  therapist: GoalOption[];
  selectedIds: string[];
  selected: GoalOption[];
  loading: boolean;
  error: boolean;
  onRetry?: () => void;
  onChange: (ids: string[]) => void;
  onRemove: (id: string) => void;
  onDone: () => void;
}

function Chooser({
  personal,
  therapist,
  selectedIds,
  selected,
  loading,
  error,
  onRetry,
  onChange,
  onRemove,
  onDone,
}: ChooserProps) {
  const navigate = useNavigate();
  if (loading) return <SelectionSkeleton />;
  if (error)
    return (
      <ErrorState
        title="Unable to load your goals"
        message="Your goals could not be loaded. Check your connection and try again."
        onRetry={onRetry}
      />
    );
  if (personal.length === 0 && therapist.length === 0)
    return (
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{noActiveGoalsText}</Text>
        <Button type="button" variant="light" onClick={() => void navigate('/user/goals')}>
          Update Goals
        </Button>
      </Stack>
    );

  const toggle = (id: string) => onChange(toggleSelection(selectedIds, id));
  return (
    <>
      <GoalGroup title="Personal Goals" goals={personal} selectedIds={selectedIds} onToggle={toggle} />
      <GoalGroup title="Therapist Goals" goals={therapist} selectedIds={selectedIds} onToggle={toggle} />
      <SelectedGoalChips selected={selected} onRemove={onRemove} onClearAll={() => onChange([])} />
      {selected.length > 0 && (
        <Group justify="flex-end">
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </Group>
      )}
    </>
  );
}

interface GoalGroupProps {
  title: string;
  goals: GoalOption[];
  selectedIds: string[];
  onToggle: (id: string) => void;
}

function GoalGroup({ title, goals, selectedIds, onToggle }: GoalGroupProps) {
  const labelId = useId();
  if (goals.length === 0) return null;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} fz="sm" fw={600} c="dimmed">
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        {goals.slice(0, selectionCap).map((goal) => (
          <GoalToggleButton
            key={goal.id}
            goal={goal}
            pressed={selectedIds.includes(goal.id)}
            onToggle={() => onToggle(goal.id)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function SelectionSkeleton(): ReactNode {
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <VisuallyHidden>Loading goals...</VisuallyHidden>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={44} radius="md" />
      ))}
    </Stack>
  );
}
