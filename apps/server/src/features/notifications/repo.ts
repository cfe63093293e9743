import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationCounts, NotificationData, NotificationType } from '@mindledger/domain';
import { notificationPriority } from '@mindledger/domain';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { deviceTokens, notifications, notificationSettings } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type DeviceRow = typeof deviceTokens.$inferSelect;

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  data?: NotificationData;
  /** Makes the notify idempotent for this user: a second notify with the same key inserts nothing. */
  key?: string;
  updateId?: string;
}

export type StatusFilter = 'all' | 'unread' | 'read';

const mine = (userId: string) => eq(notifications.userId, userId);
const ofType = (type?: NotificationType) => (type ? eq(notifications.type, type) : undefined);
const ofStatus = (status: StatusFilter): SQL | undefined =>
  status === 'unread'
    ? isNull(notifications.readAt)
    : status === 'read'
      ? isNotNull(notifications.readAt)
      : undefined;

/** Every statement on notifications, scoped by the owner's id (one read path). */
export class NotificationsRepo {
  constructor(private readonly db: Db) {}

  /** Inserts one notification; null when its key was already used for this user. */
  async insert(userId: string, input: NewNotification, tx?: Executor): Promise<NotificationRow | null> {
    const [row] = await this.insertMany([{ userId, input }], tx);
    return row ?? null;
  }

  /** Inserts many (each keyed per user); answers the new rows (a used key inserts nothing). */
  async insertMany(
    items: { userId: string; input: NewNotification }[],
    tx?: Executor,
  ): Promise<NotificationRow[]> {
    if (items.length === 0) return [];
    return (tx ?? this.db)
      .insert(notifications)
      .values(
        items.map(({ userId, input }) => ({
          userId,
          type: input.type,
          priority: notificationPriority(input.type),
          title: input.title,
          message: input.message,
          data: input.data ?? {},
          sourceKey: input.key ?? null,
          updateId: input.updateId ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning();
  }

  async page(
    userId: string,
    query: { page: number; limit: number; status: StatusFilter; type?: NotificationType },
  ): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(mine(userId), ofType(query.type), ofStatus(query.status)))
      .orderBy(desc(notifications.seq))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
  }

  async counts(userId: string, type?: NotificationType): Promise<NotificationCounts> {
    const [row] = await this.db
      .select({
        all: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(and(mine(userId), ofType(type)));
    const all = Number(row?.all ?? 0);
    const unread = Number(row?.unread ?? 0);
    return { all, unread, read: all - unread };
  }

  /** Read from the partial index of unread rows: its cost follows the unread rows, not the history. */
  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  }

  /** The user's notifications after `seq`, oldest first (the stream's catch-up). */
  async after(userId: string, seq: number, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(mine(userId), gt(notifications.seq, seq)))
      .orderBy(notifications.seq)
      .limit(limit);
  }

  /** The newest seq of the user (0 when none). */
  async lastSeq(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ seq: notifications.seq })
      .from(notifications)
      .where(mine(userId))
      .orderBy(desc(notifications.seq))
      .limit(1);
    return row?.seq ?? 0;
  }

  async byIds(ids: string[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(notifications).where(inArray(notifications.id, ids));
  }

  async markRead(userId: string, ids: string[], now: Date): Promise<NotificationRow[]> {
    if (ids.length === 0) return [];
    // Already-read rows keep their first read time.
    await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(mine(userId), inArray(notifications.id, ids), isNull(notifications.readAt)));
    return this.db
      .select()
      .from(notifications)
      .where(and(mine(userId), inArray(notifications.id, ids)));
  }

  async markAllRead(userId: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(mine(userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async delete(userId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .delete(notifications)
      .where(and(mine(userId), inArray(notifications.id, ids)))
      .returning({ id: notifications.id });
    return rows.map((r) => r.id);
  }

  async deleteAll(userId: string): Promise<number> {
    const rows = await this.db.delete(notifications).where(mine(userId)).returning({ id: notifications.id });
    return rows.length;
  }

  // Settings

  async settingsOf(
    userId: string,
    tx?: Executor,
  ): Promise<{ settings: object; security: object } | undefined> {
    const [row] = await (tx ?? this.db)
      .select({ settings: notificationSettings.settings, security: notificationSettings.security })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return row;
  }

  async settingsOfMany(userIds: string[]): Promise<Map<string, { settings: object; security: object }>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(notificationSettings)
      .where(inArray(notificationSettings.userId, userIds));
    return new Map(rows.map((r) => [r.userId, { settings: r.settings, security: r.security }]));
  }

  async saveSettings(
    userId: string,
    values: { settings?: object; security?: object },
    now: Date,
    tx?: Executor,
  ): Promise<void> {
    await (tx ?? this.db)
      .insert(notificationSettings)
      .values({ userId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: now } });
  }

  // Devices

  async deviceCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(deviceTokens)
      .where(eq(deviceTokens.userId, userId));
    return Number(row?.n ?? 0);
  }

  async devicesOf(userIds: string[]): Promise<DeviceRow[]> {
    if (userIds.length === 0) return [];
    return this.db.select().from(deviceTokens).where(inArray(deviceTokens.userId, userIds));
  }

  async device(id: string): Promise<DeviceRow | undefined> {
    const [row] = await this.db.select().from(deviceTokens).where(eq(deviceTokens.id, id));
    return row;
  }

  /** Stores a browser's subscription for `userId`; an endpoint already stored moves to this user. */
  async saveDevice(
    userId: string,
    device: { endpoint: string; p256dh: string; auth: string; platform: string },
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(deviceTokens)
      .values({ userId, ...device, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: deviceTokens.endpoint,
        set: {
          userId,
          p256dh: device.p256dh,
          auth: device.auth,
          platform: device.platform,
          failures: 0,
          updatedAt: now,
        },
      });
  }

  async removeDevice(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(deviceTokens)
      .where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.endpoint, endpoint)));
  }

  async removeDeviceById(id: string): Promise<void> {
    await this.db.delete(deviceTokens).where(eq(deviceTokens.id, id));
  }

  /** Whether the patient wrote an entry on that local day (a journal reminder is then skipped). */
  async journaledOn(userId: string, day: string): Promise<boolean> {
    const rows = rowsOf(
      await this.db.execute(sql`
        select 1 from journal_entries where patient_id = ${userId} and local_day = ${day}::date
        and deleted = false limit 1`),
    );
    return rows.length > 0;
  }
}
