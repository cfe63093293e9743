import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { NotificationsRepo, type NewNotification, type NotificationRow } from './repo.js';

export const DELIVER_JOB = 'notification-deliver';

export interface DeliverJob {
  ids: string[];
}

/**
 * The write side of notify, for any feature: the in-app row and its delivery job, in the caller's
 * transaction when given (they commit with the caller's write or not at all). The delivery job wakes
 * the live streams, then mails and pushes as the user's settings allow. A `key` already used for
 * this user makes it a no-op (null).
 */
export async function notify(
  ctx: AppContext,
  userId: string,
  input: NewNotification,
  tx?: Executor,
): Promise<NotificationRow | null> {
  const row = await new NotificationsRepo(ctx.db).insert(userId, input, tx);
  if (!row) return null;
  await ctx.jobs.send<DeliverJob>(DELIVER_JOB, { ids: [row.id] }, { key: `notify:${row.id}`, tx });
  return row;
}
