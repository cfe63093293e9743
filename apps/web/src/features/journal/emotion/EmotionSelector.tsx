import type { ReactNode } from 'react';
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { selectorModes, type SelectorMode } from '@mindledger/domain';
import { IconRefresh } from '@tabler/icons-react';
import { DetailedSelector } from './DetailedSelector';
import { SimpleSelector } from './SimpleSelector';
import type { useEmotionSelection } from './useEmotionSelection';

export interface EmotionSelectorProps {
  state: ReturnType<typeof useEmotionSelection>;
  /** Shown while an earlier selection is being edited (compact card). */
  onCancelEdit?: () => void;
  /** Further buttons of the card (Done, Cancel). */
  actions?: ReactNode;
}

const modeLabels: Record<SelectorMode, string> = { simple: 'Simple Mode', detailed: 'Detailed Mode' };

/** The mode tabs (Part 1 §2) over the simple buttons or the detailed wheel, and the card's buttons. */
export function EmotionSelector({ state, onCancelEdit, actions }: EmotionSelectorProps) {
  const { mode, selection } = state;
  const showStartOver = mode === 'detailed' && selection.path.length > 0;
  return (
    <Stack gap="md">
      <Tabs
        value={mode}
        onChange={(next) => {
          if (next === 'simple' || next === 'detailed') state.switchMode(next);
        }}
        variant="pills"
        radius="xl"
        keepMounted={false}
        activateTabWithKeyboard
      >
        <Tabs.List grow aria-label="Emotion selector mode" mb="md">
          {selectorModes.map((tab) => (
            <Tabs.Tab key={tab} value={tab} fw={600}>
              {modeLabels[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="simple">
          <SimpleSelector selection={selection} onPick={state.pickSimple} onIntensity={state.setIntensity} />
        </Tabs.Panel>
        <Tabs.Panel value="detailed">
          <DetailedSelector selection={selection} onPick={state.pick} onIntensity={state.setIntensity} />
        </Tabs.Panel>
      </Tabs>
      {showStartOver || onCancelEdit || actions ? (
        <Group justify="flex-end" gap="xs">
          {showStartOver ? (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={state.startOver}
            >
              Start Over
            </Button>
          ) : null}
          {onCancelEdit ? (
            <Button variant="default" onClick={onCancelEdit}>
              Cancel Edit
            </Button>
          ) : null}
          {actions}
        </Group>
      ) : null}
    </Stack>
  );
}
