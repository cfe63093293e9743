import { useState } from 'react';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSparkles } from '@tabler/icons-react';
import { PageTitle } from '../../ui/PageTitle';
import type { Goal } from './api';
import { GoalDetailDrawer } from './GoalDetailDrawer';
import { GoalEmptyState } from './GoalEmptyState';
import { GoalFilters } from './GoalFilters';
import { GoalFooter } from './GoalFooter';
import { GoalFormModal } from './GoalFormModal';
import { GoalList } from './GoalList';
import { GoalsSidebar } from './GoalsSidebar';
import { listHeading } from './list-heading';
import { PresetBrowser } from './PresetBrowser';
import { useGoalActions } from './useGoalActions';
import { useGoalsPageData } from './useGoalsPageData';
import { defaultGoalView, selectedCategory, viewForCategory, type GoalViewState } from './view';
import classes from './goals.module.css';

const limitReasonId = 'goal-limit-reason';

/** /user/goals: the client's goals (Part 1 §2 Goals sidebar and goal list). */
export function GoalsPage() {
  const [state, setState] = useState<GoalViewState>(defaultGoalView);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [selected, setSelected] = useState<Goal | null>(null);
  const [form, setForm] = useState<{ opened: boolean; goal: Goal | null }>({ opened: false, goal: null });
  const [presetsOpen, setPresetsOpen] = useState(false);
  const data = useGoalsPageData(state, search);
  const actions = useGoalActions((action, goal) => {
    if (action !== 'toggleHome' && selected?.id === goal.id) setSelected(null);
  });

  const detail = selected ? (data.find(selected.id) ?? selected) : null;
  const openForm = (goal: Goal | null) => setForm({ opened: true, goal });
  const blocked = data.blockedReason !== null;
  const createButtons = (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconSparkles size={16} aria-hidden="true" />}
        onClick={() => setPresetsOpen(true)}
        disabled={blocked}
        aria-describedby={blocked ? limitReasonId : undefined}
      >
        Browse presets
      </Button>
      <Button
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        onClick={() => openForm(null)}
        disabled={blocked}
        aria-describedby={blocked ? limitReasonId : undefined}
      >
        New goal
      </Button>
    </Group>
  );

  return (
    <>
      <PageTitle
        title="Goals"
        description="Set goals, mention them in your journal and watch your progress."
        actions={createButtons}
      />
      <div className={classes.layout}>
        <GoalsSidebar
          selected={selectedCategory(state)}
          onSelect={(category) => setState((s) => viewForCategory(s, category))}
          counts={data.counts}
          stats={data.stats}
        />
        <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="goal-list-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="goal-list-title">
              {listHeading(state)}
            </Title>
            <GoalFilters
              state={state}
              searchText={searchText}
              onSearchText={setSearchText}
              onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
            />
            <div aria-live="polite">
              <GoalList
                goals={data.current.goals}
                isPending={data.current.isPending}
                error={data.current.error}
                onRetry={data.current.refetch}
                actions={actions}
                onOpen={setSelected}
                onEdit={openForm}
                empty={<GoalEmptyState state={{ ...state, search }} actions={createButtons} />}
              />
              {data.current.more && (
                <Button
                  variant="default"
                  mt="md"
                  loading={data.current.more.loading}
                  onClick={data.current.more.load}
                >
                  Show older goals
                </Button>
              )}
            </div>
            {data.activeCounts && (
              <GoalFooter
                counts={data.activeCounts}
                type={state.type}
                limitReached={blocked}
                reasonId={limitReasonId}
              />
            )}
          </Stack>
        </Card>
      </div>
      <GoalDetailDrawer goal={detail} onClose={() => setSelected(null)} actions={actions} onEdit={openForm} />
      <GoalFormModal
        opened={form.opened}
        goal={form.goal}
        onClose={() => setForm({ opened: false, goal: null })}
      />
      <PresetBrowser
        opened={presetsOpen}
        onClose={() => setPresetsOpen(false)}
        activeGoals={data.activeGoals}
        blockedReason={data.blockedReason}
      />
    </>
  );
}
