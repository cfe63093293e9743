import type { Feature } from '../feature.js';
import { profileRoutes } from './routes.js';

export const profileFeature: Feature = {
  name: 'profile',
  routes: (ctx, services) => [{ prefix: '/api/v1', plugin: profileRoutes(ctx, services.profile) }],
};

export { deleteUserAndData } from './delete-user.js';
