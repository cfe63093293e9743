import type { Feature } from '../feature.js';
import { devRoutes } from './routes.js';

/** Outside production only: the local mail outbox and test helpers. */
export const devFeature: Feature = {
  name: 'dev',
  routes: (ctx, services) =>
    ctx.config.env === 'production'
      ? []
      : [
          {
            prefix: '/api',
            plugin: devRoutes(ctx, (userId) => services.notifications.syncSchedules(userId)),
          },
        ],
};

export { mailNotice } from './mail-notice.js';
