import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { EmptyState } from '../../ui/states';
import type { GoalViewState } from './view';

interface GoalEmptyStateProps {
  state: GoalViewState;
  /** The create buttons, offered where a new personal goal would show up. */
  actions: ReactNode;
}

function texts(state: GoalViewState): { title: string; line: string; create: boolean } {
  if (state.search.trim())
    return { title: 'No goals match your search', line: 'Try another word.', create: false };
  if (state.tab === 'archived')
    return {
      title: 'No archived goals yet',
      line: 'Goals you complete or abandon are kept here, so you can look back on them.',
      create: false,
    };
  if (state.status === 'completed')
    return { title: 'No completed goals yet', line: 'Goals you complete show up here.', create: false };
  if (state.status === 'abandoned')
    return { title: 'No abandoned goals', line: 'Goals you set aside show up here.', create: false };
  if (state.type === 'therapist')
    return {
      title: 'No therapist goals yet',
      line: 'Goals your therapist sets for you will appear here.',
      create: false,
    };
  if (state.type === 'personal')
    return {
      title: 'No personal goals yet',
      line: 'Set a goal that matters to you, or start from one of our presets.',
      create: true,
    };
  return {
    title: 'No goals yet',
    line: 'Set a goal that matters to you, or start from one of our presets.',
    create: true,
  };
}

/** The empty-state message of each category (Part 1 §2), with the create buttons where useful. */
export function GoalEmptyState({ state, actions }: GoalEmptyStateProps) {
  const { title, line, create } = texts(state);
  return (
    <Stack align="center" gap="sm" pb="lg">
      <EmptyState title={title}>{line}</EmptyState>
      {create && actions}
    </Stack>
  );
}
