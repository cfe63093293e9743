import type { GoalRequest } from '@mindledger/domain';
import type { Goal } from '../../goals';
import { api } from '../../../api/client';

/** A client's goal as the provider reads it: the same Goal the client's calls answer. */
export type ClientGoal = Goal;

export interface ClientGoalLists {
  personal: ClientGoal[];
  therapist: ClientGoal[];
  all: ClientGoal[];
}

/** The body of a therapist goal the provider writes (create and edit): the domain's goal request. */
export type TherapistGoalBody = GoalRequest;

interface GoalAnswer {
  success: boolean;
  message?: string;
  data: ClientGoal;
}

export const clientGoalsKeys = {
  all: ['provider-client-goals'] as const,
  list: (patientId: string) => [...clientGoalsKeys.all, patientId] as const,
};

/** The provider's calls on one client's goals (therapist goals are theirs to set). */
export const clientGoalsApi = {
  /** The client's active goals, split into personal and therapist. */
  list: async (patientId: string, signal?: AbortSignal): Promise<ClientGoalLists> => {
    const answer = await api.get<{ success: boolean; data: ClientGoalLists }>('goals/', {
      query: { patientId, status: 'active', type: 'all' },
      signal,
    });
    return answer.data;
  },
  create: (patientId: string, body: TherapistGoalBody) =>
    api.post<GoalAnswer>('goals/', { ...body, type: 'therapist', patientId }, { idempotent: true }),
  update: (id: string, body: TherapistGoalBody) => api.put<GoalAnswer>(`goals/${id}`, body),
  complete: (id: string) => api.patch<GoalAnswer>(`goals/${id}/complete`, { completed: true }),
  abandon: (id: string) => api.patch<GoalAnswer>(`goals/${id}/abandon`, { abandoned: true }),
};
