import { isHighPriority, type GoalResponse } from '@mindledger/domain';
import type { goals } from '../../db/schema/index.js';

export type GoalRow = typeof goals.$inferSelect;

function status(row: GoalRow): GoalResponse['status'] {
  if (row.completed) return 'completed';
  if (row.abandoned) return 'abandoned';
  return 'active';
}

/** A goal as the API answers it (docs/API-goals.md, Goal). Text is data: never HTML. */
export function presentGoal(row: GoalRow): GoalResponse {
  return {
    _id: row.id,
    id: row.id,
    patientId: row.patientId,
    createdBy: row.createdBy,
    type: row.type,
    text: row.text,
    title: row.text,
    notes: row.notes ?? '',
    emoji: row.emoji,
    priority: row.priority,
    highPriority: isHighPriority(row.priority),
    categories: row.categories,
    targetDate: row.targetDate?.toISOString() ?? null,
    homePageVisible: row.homePageVisible,
    isPreset: row.isPreset,
    presetId: row.presetId,
    mentionCount: row.mentionCount,
    lastMentionDate: row.lastMentionDate?.toISOString() ?? null,
    completed: row.completed,
    completedAt: row.completedAt?.toISOString() ?? null,
    abandoned: row.abandoned,
    abandonedAt: row.abandonedAt?.toISOString() ?? null,
    deleted: row.deleted,
    status: status(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
