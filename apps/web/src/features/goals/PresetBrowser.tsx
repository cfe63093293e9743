import { useState } from 'react';
import { Modal, Tabs } from '@mantine/core';
import { goalCategories, goalMessages, type GoalCategory } from '@mindledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { goalQueryOptions, goalsApi, goalsKeys, type Goal } from './api';
import { goalErrorMessage } from './errors';
import { PresetList } from './PresetList';
import { categoryLabels } from './priority';

interface PresetBrowserProps {
  opened: boolean;
  onClose: () => void;
  /** The active goals, to mark presets already adopted. */
  activeGoals: Goal[];
  /** Why a new personal goal cannot be added now (a limit), if so. */
  blockedReason: string | null;
}

/** Browse the preset catalogue by category and adopt one as a personal goal. */
export function PresetBrowser({ opened, onClose, activeGoals, blockedReason }: PresetBrowserProps) {
  const [category, setCategory] = useState<GoalCategory>('personal');
  const queryClient = useQueryClient();
  const categories = useQuery({
    queryKey: goalsKeys.presetCategories(),
    queryFn: ({ signal }) => goalsApi.presetCategories(signal),
    enabled: opened,
    ...goalQueryOptions,
  });
  const adopt = useMutation({
    mutationFn: (presetId: string) => goalsApi.adopt(presetId),
    onSuccess: (response) => {
      toast.success(response.message ?? goalMessages.created);
      onClose();
    },
    onError: (error) => toast.error(goalErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goalsKeys.all }),
  });
  const countOf = (c: GoalCategory) => categories.data?.find((x) => x.category === c)?.count;
  const adopted = new Set(activeGoals.map((g) => g.presetId).filter((id): id is string => Boolean(id)));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Goal presets"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Tabs
        value={category}
        onChange={(value) => value && setCategory(value as GoalCategory)}
        keepMounted={false}
      >
        <Tabs.List aria-label="Preset categories" mb="md">
          {goalCategories.map((c) => (
            <Tabs.Tab key={c} value={c}>
              {categoryLabels[c]}
              {countOf(c) !== undefined && ` (${countOf(c)})`}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {goalCategories.map((c) => (
          <Tabs.Panel key={c} value={c}>
            {opened && category === c && (
              <PresetList
                category={c}
                adopted={adopted}
                blockedReason={blockedReason}
                adoptingId={adopt.isPending ? adopt.variables : null}
                onAdopt={(id) => adopt.mutate(id)}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
