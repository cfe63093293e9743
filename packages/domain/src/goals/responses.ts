import type { GoalCategory, GoalStatus, GoalType } from './schemas.js';

/**
 * A goal as the API answers it (docs/API-goals.md, Goal): the server's presenter returns exactly
 * this, and the web app reads it. Text is data, never HTML; instants are ISO strings.
 */
export interface GoalResponse {
  _id: string;
  id: string;
  patientId: string;
  createdBy: string;
  type: GoalType;
  text: string;
  /** The same as `text` (older clients read `title`). */
  title: string;
  notes: string;
  emoji: string;
  priority: number;
  highPriority: boolean;
  categories: GoalCategory[];
  targetDate: string | null;
  homePageVisible: boolean;
  isPreset: boolean;
  presetId: string | null;
  mentionCount: number;
  lastMentionDate: string | null;
  completed: boolean;
  completedAt: string | null;
  abandoned: boolean;
  abandonedAt: string | null;
  deleted: boolean;
  status: GoalStatus;
  createdAt: string;
  updatedAt: string;
}

/**
 * The body of POST goals/ and PUT goals/{id} as a client sends it, for a personal goal (the client)
 * or a therapist goal (its provider, who adds `patientId` on create); the server re-checks every
 * rule (`createGoalSchema`, `updateGoalSchema`).
 */
export interface GoalRequest {
  text?: string;
  notes?: string;
  emoji?: string;
  priority?: number;
  category?: GoalCategory;
  categories?: GoalCategory[];
  targetDate?: string | null;
  homePageVisible?: boolean;
}
