import { useEffect, useRef, useState } from 'react';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { EmotionData, SelectorMode } from '@mindledger/domain';
import { IconMoodHeart } from '@tabler/icons-react';
import classes from './emotion.module.css';
import { EmotionConfirmation } from './EmotionConfirmation';
import { EmotionSelector } from './EmotionSelector';
import { samePath } from './selection';
import { useAutoClose } from './useAutoClose';
import { useEmotionSelection } from './useEmotionSelection';

export interface EmotionCheckInProps {
  /** 'compact' is the journal-entry version: a button, the selector on demand, then a confirmation. */
  variant?: 'full' | 'compact';
  value: EmotionData | null;
  onChange(value: EmotionData | null): void;
  /**
   * The mode a first-time user sees (spec ruling 6): 'simple' on the standalone mood check-in,
   * 'detailed' on the journal-entry draft. The mode the user picks is saved and reused.
   */
  defaultMode?: SelectorMode;
  /** Heading of the full card. */
  title?: string;
}

/** The emotion check-in card (Part 1 §2, §4). Controlled: `value` is the complete selection or null. */
export function EmotionCheckIn({
  variant = 'full',
  value,
  onChange,
  defaultMode = 'simple',
  title = 'Emotion check-in',
}: EmotionCheckInProps) {
  if (variant === 'compact')
    return <CompactCheckIn value={value} onChange={onChange} defaultMode={defaultMode} />;
  return <FullCheckIn value={value} onChange={onChange} defaultMode={defaultMode} title={title} />;
}

interface InnerProps {
  value: EmotionData | null;
  onChange(value: EmotionData | null): void;
  defaultMode: SelectorMode;
}

function FullCheckIn({ title, ...options }: InnerProps & { title: string }) {
  const state = useEmotionSelection(options);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <EmotionSelector state={state} />
    </Card>
  );
}

function CompactCheckIn({ value, onChange, defaultMode }: InnerProps) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const remembered = useRef<EmotionData | null>(null);
  // The last complete selection reported while the selector is open (auto-close compares to it).
  const lastComplete = useRef<EmotionData | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const focusAfterClose = useRef(false);

  const close = () => {
    focusAfterClose.current = true;
    setOpen(false);
    setEditing(false);
    remembered.current = null;
  };
  const autoClose = useAutoClose(close);

  const report = (next: EmotionData | null) => {
    const previous = lastComplete.current;
    const intensityOnly =
      next !== null &&
      previous !== null &&
      samePath(previous.path, next.path) &&
      previous.intensity !== next.intensity;
    if (intensityOnly) autoClose.schedule();
    else autoClose.cancel();
    lastComplete.current = next;
    onChange(next);
  };
  const state = useEmotionSelection({ value, onChange: report, defaultMode });

  useEffect(() => {
    if (open || !focusAfterClose.current) return;
    focusAfterClose.current = false;
    (titleRef.current ?? chooseRef.current)?.focus();
  }, [open]);

  const startEdit = () => {
    remembered.current = value;
    lastComplete.current = null;
    setEditing(true);
    setOpen(true);
    state.startOver();
  };
  const cancelEdit = () => {
    autoClose.cancel();
    lastComplete.current = null;
    state.restore(remembered.current);
    close();
  };
  const cancel = () => {
    autoClose.cancel();
    state.clear();
    close();
  };

  if (open) {
    return (
      <Card
        withBorder
        radius="lg"
        padding="md"
        component="section"
        aria-label="Emotion check-in"
        className={classes.collapsible}
        data-closing={autoClose.closing}
      >
        <EmotionSelector
          state={state}
          onCancelEdit={editing ? cancelEdit : undefined}
          actions={
            value ? (
              <Button onClick={autoClose.animateClose}>Done</Button>
            ) : editing ? null : (
              <Button variant="default" onClick={cancel}>
                Cancel
              </Button>
            )
          }
        />
      </Card>
    );
  }

  if (value) {
    return (
      <Card withBorder radius="lg" padding="md" component="section" aria-label="Emotion check-in">
        <EmotionConfirmation value={value} onEdit={startEdit} titleRef={titleRef} />
      </Card>
    );
  }

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Emotion check-in">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 200px' }}>
          <ThemeIcon variant="light" radius="xl" size="lg" color="grape" aria-hidden="true">
            <IconMoodHeart size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={600}>Emotion check-in</Text>
            <Text size="sm" c="dimmed">
              Select an emotion to add to this entry
            </Text>
          </Stack>
        </Group>
        <Button
          ref={chooseRef}
          onClick={() => {
            lastComplete.current = null;
            setOpen(true);
          }}
        >
          Choose Emotion
        </Button>
      </Group>
    </Card>
  );
}
