import type { Goal } from './api';

/** A goal as the API answers it, for component tests. */
export function makeGoal(n: number, overrides: Partial<Goal> = {}): Goal {
  const id = `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`;
  const text = overrides.text ?? `Goal number ${n}`;
  return {
    _id: id,
    id,
    patientId: '00000000-0000-4000-8000-000000000001',
    createdBy: '00000000-0000-4000-8000-000000000001',
    type: 'personal',
    text,
    title: text,
    notes: '',
    emoji: '🎯',
    priority: 3,
    highPriority: false,
    categories: ['personal'],
    targetDate: null,
    homePageVisible: false,
    isPreset: false,
    presetId: null,
    mentionCount: 0,
    lastMentionDate: null,
    completed: false,
    completedAt: null,
    abandoned: false,
    abandonedAt: null,
    deleted: false,
    status: 'active',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
    ...(overrides.priority !== undefined ? { highPriority: overrides.priority > 3 } : {}),
  };
}

export function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}
