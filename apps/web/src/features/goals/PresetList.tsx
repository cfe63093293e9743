import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { GoalCategory } from '@mindledger/domain';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { goalQueryOptions, goalsApi, goalsKeys } from './api';
import { goalErrorMessage } from './errors';
import { priorityLabel } from './priority';
import classes from './goals.module.css';

interface PresetListProps {
  category: GoalCategory;
  adopted: Set<string>;
  blockedReason: string | null;
  adoptingId: string | null;
  onAdopt: (presetId: string) => void;
}

/** The presets of one category, each with an 'Adopt' button. */
export function PresetList({ category, adopted, blockedReason, adoptingId, onAdopt }: PresetListProps) {
  const presets = useQuery({
    queryKey: goalsKeys.presets(category),
    queryFn: ({ signal }) => goalsApi.presets(category, signal),
    ...goalQueryOptions,
  });
  if (presets.isPending) return <LoadingState label="Loading presets..." />;
  if (presets.isError)
    return (
      <ErrorState
        title="Unable to load presets"
        message={goalErrorMessage(presets.error)}
        onRetry={() => void presets.refetch()}
      />
    );
  if (presets.data.length === 0) return <EmptyState title="No presets in this category" />;
  return (
    <Stack gap="sm">
      {blockedReason && (
        <Text fz="sm" fw={600} className={classes.limit}>
          {blockedReason}
        </Text>
      )}
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {presets.data.map((preset) => {
          const taken = adopted.has(preset.id);
          return (
            <Card component="li" key={preset.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0 }}>
                  <Text component="span" fz={24} lh={1} aria-hidden="true">
                    {preset.emoji}
                  </Text>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {preset.text}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {preset.notes}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      Priority: {priorityLabel(preset.priority)}
                    </Text>
                  </Stack>
                </Group>
                <Button
                  size="xs"
                  variant={taken ? 'default' : 'light'}
                  aria-label={taken ? `Adopted: ${preset.text}` : `Adopt: ${preset.text}`}
                  disabled={taken || Boolean(blockedReason)}
                  loading={adoptingId === preset.id}
                  onClick={() => onAdopt(preset.id)}
                  style={{ flex: 'none' }}
                >
                  {taken ? 'Adopted' : 'Adopt'}
                </Button>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
