import type { Feature } from '../feature.js';
import { goalRoutes } from './routes.js';

export const goalsFeature: Feature = {
  name: 'goals',
  routes: (ctx, services) => [
    {
      prefix: '/api/v1',
      plugin: goalRoutes(ctx, services.goals, (patientId) => services.notifications.syncSchedules(patientId)),
    },
  ],
};

export type { GoalsService } from './service.js';
export type { GoalRow } from './presenter.js';
