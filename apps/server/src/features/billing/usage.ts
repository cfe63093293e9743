import { sql } from 'drizzle-orm';
import type { FeatureName } from '@mindledger/domain';
import type { Db } from '../../db/client.js';
import { featureUsage } from '../../db/schema/index.js';

/** track-usage: one more use of a feature this (UTC) month; answers the month's count. */
export async function trackUsage(db: Db, userId: string, feature: FeatureName, now: Date) {
  const month = now.toISOString().slice(0, 7);
  const [row] = await db
    .insert(featureUsage)
    .values({ userId, feature, month, count: 1 })
    .onConflictDoUpdate({
      target: [featureUsage.userId, featureUsage.feature, featureUsage.month],
      set: { count: sql`${featureUsage.count} + 1` },
    })
    .returning({ count: featureUsage.count });
  return { month, count: row?.count ?? 1 };
}
