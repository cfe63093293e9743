import { eq, inArray, sql } from 'drizzle-orm';
import {
  mergeNotificationSettings,
  notificationMessages as msg,
  reminderPeriods,
  securitySettingsInput,
  storedNotificationSettings,
  type NotificationResponse,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationType,
  type ReminderPeriod,
  type SecurityNotificationSettings,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { rowsOf, type Executor, type Tx } from '../../db/client.js';
import { goalNotificationSettings, notificationSettings, users } from '../../db/schema/index.js';
import { createBus, chunked, uuidsOf, type Bus, type BusCodec } from '../../platform/bus/index.js';
import { notFound } from '../../platform/errors.js';
import { composeMail } from '../../platform/mail-template.js';
import type { MailMessage } from '../../platform/mail.js';
import { isAllowedPushEndpoint } from '../../platform/push.js';
import { channelsFor, outsideBody, type EmailCategory } from './channels.js';
import { presentNotification } from './presenter.js';
import { applyReminderPlans, reminderPlans } from './reminders.js';
import { securityOf } from './security-alerts.js';
import { NotificationsRepo, type NewNotification, type NotificationRow, type StatusFilter } from './repo.js';
import { DELIVER_JOB, notify, type DeliverJob } from './notify.js';
import { NotificationStreams } from './stream.js';

export { DELIVER_JOB, type DeliverJob } from './notify.js';
export const PUSH_JOB = 'notification-push';
/** Unsubscribe links stay valid for a year. */
const UNSUBSCRIBE_TTL_SECONDS = 365 * 24 * 3600;

/** "These users' notifications changed": the wake-up the instances send each other. */
interface WakeEvent {
  users: string[];
}
const wakeCodec: BusCodec<WakeEvent> = {
  name: 'notifications',
  encode: (event) => chunked(event.users).map((part) => JSON.stringify(part)),
  decode: (payload) => {
    try {
      return { users: uuidsOf(JSON.parse(payload)) };
    } catch {
      return null;
    }
  },
};

export interface PushJob {
  notificationId: string;
  deviceId: string;
}

interface UserBrief {
  id: string;
  email: string;
  role: 'patient' | 'provider' | 'admin';
  timezone: string;
}

/**
 * The one notify service (issue 13, docs/API-notifications.md): in-app rows, delivery by the
 * channels a user's settings allow (through the job runner, at most once per notification and
 * channel), the live streams, settings, devices and reminder schedules.
 */
export class NotificationsService {
  readonly repo: NotificationsRepo;
  readonly streams: NotificationStreams;
  private readonly bus: Bus<WakeEvent>;
  private unwatchSessions: (() => void) | null = null;

  constructor(private readonly ctx: AppContext) {
    this.repo = new NotificationsRepo(ctx.db);
    this.streams = new NotificationStreams(
      this.repo,
      (userId, rows) => this.presentFor(userId, rows),
      (error) => ctx.log.error({ err: error }, 'notification stream failed'),
    );
    this.bus = createBus(ctx.config, ctx.database, ctx.log, wakeCodec);
  }

  async start(): Promise<void> {
    // A stream ends with its session, as soon as the registry hears of the ending (here or
    // from another instance), not at the next heartbeat (SECURITY.md, Sessions).
    this.unwatchSessions ??= this.ctx.sessionRegistry.watch({
      ended: (event) => this.streams.endSessions(event),
      recheck: () => this.streams.recheckAll(),
    });
    await this.bus.start({
      onEvent: (event) => this.streams.wake(event.users),
      onReset: () => this.streams.wakeAll(),
    });
  }

  async close(): Promise<void> {
    this.unwatchSessions?.();
    this.unwatchSessions = null;
    this.streams.closeAll();
    await this.bus.close();
  }

  /** Wakes the users' streams here and on every other instance. */
  async changed(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    this.streams.wake(userIds);
    await this.bus.publish({ users: userIds }).catch((error: unknown) => {
      this.ctx.log.warn({ err: error }, 'notification bus publish failed');
    });
  }

  /**
   * Notifies one user: writes the in-app row and asks for its delivery (email, push, the live wake).
   * With `tx`, both commit with the caller's write or not at all. A `key` already used for this
   * user makes it a no-op (null).
   */
  async notify(userId: string, input: NewNotification, tx?: Executor): Promise<NotificationRow | null> {
    const row = await notify(this.ctx, userId, input, tx);
    if (row && !tx) await this.changed([userId]);
    return row;
  }

  /** The delivery job: wakes the streams, then mails and pushes where the settings allow. */
  async deliver(job: DeliverJob): Promise<void> {
    const rows = await this.repo.byIds(job.ids);
    if (rows.length === 0) return;
    const userIds = [...new Set(rows.map((r) => r.userId))];
    await this.changed(userIds);
    const [people, settings] = await Promise.all([
      this.usersByIds(userIds),
      this.repo.settingsOfMany(userIds),
    ]);
    const mails: { message: MailMessage; key: string }[] = [];
    const pushRows: NotificationRow[] = [];
    for (const row of rows) {
      const user = people.get(row.userId);
      if (!user) continue;
      const stored = settings.get(row.userId);
      const channels = channelsFor(
        row.type,
        storedNotificationSettings(stored?.settings),
        securityOf(stored?.security),
        row.data,
      );
      if (channels.email)
        mails.push({ message: await this.mail(row, user, channels.email), key: `notify-email:${row.id}` });
      if (channels.push) pushRows.push(row);
    }
    // One statement for the mails and one for the pushes, however many rows (a fan-out's step).
    await this.ctx.mailer.sendMany(mails);
    if (pushRows.length === 0) return;
    const devices = await this.repo.devicesOf([...new Set(pushRows.map((r) => r.userId))]);
    const pushes = pushRows.flatMap((row) =>
      devices
        .filter((d) => d.userId === row.userId)
        .map((device) => ({
          data: { notificationId: row.id, deviceId: device.id } satisfies PushJob,
          key: `notify-push:${row.id}:${device.id}`,
        })),
    );
    if (pushes.length > 0) await this.ctx.jobs.sendMany<PushJob>(PUSH_JOB, pushes);
  }

  /**
   * Notifies many users at once (scheduled reminders): one multi-row insert (each row keyed, so a
   * retried batch inserts nothing twice) and one delivery job for the new rows, in `tx`.
   */
  async notifyMany(items: { userId: string; input: NewNotification }[], tx: Executor): Promise<number> {
    const rows = await this.repo.insertMany(items, tx);
    if (rows.length === 0) return 0;
    const first = items[0]?.input.key ?? rows[0]?.id;
    await this.ctx.jobs.send<DeliverJob>(
      DELIVER_JOB,
      { ids: rows.map((r) => r.id) },
      { key: `notify-many:${first}:${rows.length}`, tx },
    );
    return rows.length;
  }

  private async mail(
    row: NotificationRow,
    user: UserBrief,
    category: EmailCategory | 'safety',
  ): Promise<MailMessage> {
    const base = this.ctx.config.publicUrl;
    const target = `${base}${row.data.url && row.data.url.startsWith('/') ? row.data.url : '/'}`;
    const link = { href: target, label: 'Open MindLedger' };
    if (category === 'safety')
      return composeMail(user.email, row.title, [outsideBody(row.type, row.message)], { link });
    const token = await this.ctx.tokens.signPurpose(
      { sub: user.id, purpose: 'unsubscribe', scope: category },
      UNSUBSCRIBE_TTL_SECONDS,
    );
    const unsubscribeApi = `${base}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const unsubscribePage = `${base}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const message = composeMail(user.email, row.title, [outsideBody(row.type, row.message)], {
      link,
      unsubscribe: unsubscribePage,
    });
    return { ...message, unsubscribeUrl: unsubscribeApi };
  }

  /** The push job: one notification to one device; a subscription the service calls gone is removed. */
  async push(job: PushJob): Promise<void> {
    const [rows, device] = await Promise.all([
      this.repo.byIds([job.notificationId]),
      this.repo.device(job.deviceId),
    ]);
    const row = rows[0];
    if (!row || !device || device.userId !== row.userId) return;
    // The rules of this server, at every send: a subscription another server stored under other
    // rules (a development one's loopback endpoint) is dropped, never called (SECURITY.md).
    if (!isAllowedPushEndpoint(device.endpoint, this.ctx.config.env === 'production')) {
      await this.repo.removeDeviceById(device.id);
      this.ctx.log.warn('a stored push subscription names an endpoint this server may not call: dropped');
      return;
    }
    const outcome = await this.ctx.push.send(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      {
        title: row.title,
        body: outsideBody(row.type, row.message),
        url: row.data.url && row.data.url.startsWith('/') ? row.data.url : '/',
        tag: row.type,
      },
    );
    if (outcome === 'gone') await this.repo.removeDeviceById(device.id);
  }

  // In-app reads and changes (every one scoped by the caller's id)

  async list(
    userId: string,
    query: { page: number; limit: number; status: StatusFilter; type?: NotificationType | undefined },
  ) {
    const filter = {
      page: query.page,
      limit: query.limit,
      status: query.status,
      ...(query.type ? { type: query.type } : {}),
    };
    const [rows, counts] = await Promise.all([
      this.repo.page(userId, filter),
      this.repo.counts(userId, query.type),
    ]);
    const total =
      query.status === 'unread' ? counts.unread : query.status === 'read' ? counts.read : counts.all;
    const pages = Math.max(1, Math.ceil(total / query.limit));
    return {
      notifications: await this.presentFor(userId, rows),
      hasNext: query.page < pages,
      pages,
      total,
      page: query.page,
      limit: query.limit,
      counts,
    };
  }

  unreadCount(userId: string): Promise<number> {
    return this.repo.unreadCount(userId);
  }

  async markRead(userId: string, id: string): Promise<NotificationResponse> {
    const [row] = await this.repo.markRead(userId, [id], this.ctx.clock.now());
    if (!row) throw notFound(msg.notFound);
    await this.changed([userId]);
    const [shown] = await this.presentFor(userId, [row]);
    return shown as NotificationResponse;
  }

  async markAllRead(userId: string): Promise<number> {
    const updated = await this.repo.markAllRead(userId, this.ctx.clock.now());
    await this.changed([userId]);
    return updated;
  }

  async bulkRead(userId: string, ids: string[]): Promise<{ updated: number; failed: string[] }> {
    const rows = await this.repo.markRead(userId, ids, this.ctx.clock.now());
    const found = new Set(rows.map((r) => r.id));
    await this.changed([userId]);
    return { updated: rows.length, failed: ids.filter((id) => !found.has(id)) };
  }

  async delete(userId: string, id: string): Promise<void> {
    const deleted = await this.repo.delete(userId, [id]);
    if (deleted.length === 0) throw notFound(msg.notFound);
    await this.changed([userId]);
  }

  async bulkDelete(userId: string, ids: string[]): Promise<{ deleted: number; failed: string[] }> {
    const deleted = new Set(await this.repo.delete(userId, ids));
    await this.changed([userId]);
    return { deleted: deleted.size, failed: ids.filter((id) => !deleted.has(id)) };
  }

  async deleteAll(userId: string): Promise<number> {
    const deleted = await this.repo.deleteAll(userId);
    await this.changed([userId]);
    return deleted;
  }

  async presentFor(userId: string, rows: NotificationRow[]): Promise<NotificationResponse[]> {
    if (rows.length === 0) return [];
    const [user] = await this.ctx.db
      .select({ timezone: users.timezone })
      .from(users)
      .where(eq(users.id, userId));
    return rows.map((row) => presentNotification(row, user?.timezone ?? 'UTC'));
  }

  // Settings

  async settings(userId: string): Promise<{ settings: NotificationSettings; deviceCount: number }> {
    const [stored, deviceCount] = await Promise.all([
      this.repo.settingsOf(userId),
      this.repo.deviceCount(userId),
    ]);
    return { settings: storedNotificationSettings(stored?.settings), deviceCount };
  }

  /** Saves the settings (the custom message through the PHI guard) and moves the reminder schedules. */
  async saveSettings(
    userId: string,
    input: NotificationSettingsInput,
    within?: Tx,
  ): Promise<{ settings: NotificationSettings; messageReplaced: boolean }> {
    const work = async (tx: Tx) => {
      const [stored] = await tx
        .select({ settings: notificationSettings.settings })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId))
        .for('update');
      const merged = mergeNotificationSettings(storedNotificationSettings(stored?.settings), input);
      await this.repo.saveSettings(userId, { settings: merged.settings }, this.ctx.clock.now(), tx);
      await this.syncSchedules(userId, tx, merged.settings);
      return merged;
    };
    return within ? work(within) : this.ctx.db.transaction(work);
  }

  async securitySettings(userId: string): Promise<SecurityNotificationSettings> {
    return securityOf((await this.repo.settingsOf(userId))?.security);
  }

  async saveSecuritySettings(userId: string, input: unknown): Promise<SecurityNotificationSettings> {
    const current = await this.securitySettings(userId);
    const parsed = securitySettingsInput.parse(input);
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)),
    };
    await this.repo.saveSettings(userId, { security: next }, this.ctx.clock.now());
    return next;
  }

  /** Turns one email category off (the unsubscribe link); null for a bad or expired token. */
  async unsubscribe(token: string): Promise<{ userId: string; category: EmailCategory } | null> {
    const claims = await this.ctx.tokens.verifyPurpose(token, 'unsubscribe');
    const category = claims?.scope as EmailCategory | undefined;
    if (!claims || !category) return null;
    const [user] = await this.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, claims.sub));
    if (!user) return null;
    if (category === 'security') {
      await this.saveSecuritySettings(user.id, { email: false });
    } else if (
      category === 'journalReminders' ||
      category === 'weeklyReviews' ||
      category === 'teamUpdates'
    ) {
      const { settings } = await this.settings(user.id);
      await this.repo.saveSettings(
        user.id,
        { settings: { ...settings, emailTypes: { ...settings.emailTypes, [category]: false } } },
        this.ctx.clock.now(),
      );
    } else return null;
    return { userId: user.id, category };
  }

  // Reminder schedules

  /**
   * Sets a patient's reminder schedules from their settings, goal reminder period and time zone
   * (after a settings save, a goal reminder change or a time zone change). Others have none.
   */
  async syncSchedules(userId: string, tx?: Executor, known?: NotificationSettings): Promise<void> {
    const executor = tx ?? this.ctx.db;
    const [user] = await executor
      .select({ role: users.role, timezone: users.timezone })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.role !== 'patient') return;
    const settings =
      known ?? storedNotificationSettings((await this.repo.settingsOf(userId, executor))?.settings);
    const [goal] = await executor
      .select({ period: goalNotificationSettings.reminderPeriod })
      .from(goalNotificationSettings)
      .where(eq(goalNotificationSettings.patientId, userId));
    const period = (goal?.period ?? 'daily').toLowerCase();
    const goalPeriod = (reminderPeriods as readonly string[]).includes(period)
      ? (period as ReminderPeriod)
      : 'daily';
    await applyReminderPlans(
      this.ctx.jobs.schedules,
      userId,
      user.timezone,
      reminderPlans(settings, goalPeriod),
      executor,
    );
  }

  /**
   * Gives activated patients who have no settings row yet their default settings row and reminder
   * schedules (new accounts, and accounts from before notifications), `batch` at a time.
   */
  async ensureDefaults(batch = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const missing = rowsOf<{ id: string }>(
        await this.ctx.db.execute(sql`
          select u.id from users u
          where u.role = 'patient' and u.activated = true
            and not exists (select 1 from notification_settings s where s.user_id = u.id)
          order by u.id limit ${batch}`),
      ).map((r) => r.id);
      if (missing.length === 0) return total;
      for (const userId of missing)
        await this.ctx.db.transaction(async (tx) => {
          await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
          await this.syncSchedules(userId, tx);
        });
      total += missing.length;
      if (missing.length < batch) return total;
    }
  }

  private async usersByIds(ids: string[]): Promise<Map<string, UserBrief>> {
    const rows = await this.ctx.db
      .select({ id: users.id, email: users.email, role: users.role, timezone: users.timezone })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }
}
