import type { Feature } from '../feature.js';
import { authRoutes } from './routes.js';

/** Sessions over for this long are deleted with their refresh tokens (decision 073). */
export const endedSessionRetentionDays = 30;

export const authFeature: Feature = {
  name: 'auth',
  routes: (ctx, services) => [{ prefix: '/api/v1', plugin: authRoutes(ctx, services.auth) }],
  jobs: (ctx) => {
    ctx.jobs.every('sessions-sweep', 3600, async () => {
      await ctx.sessionRegistry.sweepStored(endedSessionRetentionDays);
    });
  },
};

export { emails as authEmails } from './emails.js';
export { presentUser } from './presenter.js';
export type { AuthService } from './service.js';
