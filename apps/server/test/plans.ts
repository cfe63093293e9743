import { subscriptions } from '../src/db/schema/index.js';
import type { TestServer } from './harness.js';

/** Puts the user on an active Standard Monthly subscription (the local billing provider). */
export async function makeStandard(server: TestServer, userId: string): Promise<void> {
  const now = server.clock.now();
  await server.database.db
    .insert(subscriptions)
    .values({
      userId,
      provider: 'local',
      planType: 'standard-monthly',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { planType: 'standard-monthly', status: 'active' },
    });
}
