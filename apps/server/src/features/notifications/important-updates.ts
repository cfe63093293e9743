import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { notificationPriority, notificationMessages as msg } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { importantUpdates, notifications } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import { DELIVER_JOB, type DeliverJob, type NotificationsService } from './service.js';

export const FANOUT_JOB = 'important-update-fanout';
/** Users notified per fan-out step (one transaction each). */
export const FANOUT_BATCH = 1000;

export type UpdateRow = typeof importantUpdates.$inferSelect;
export type Audience = UpdateRow['audience'];

export interface FanoutJob {
  updateId: string;
  /** The last user id of the previous step (keyset order), null for the first. */
  after: string | null;
}

const rolesOf: Record<Audience, string[]> = {
  all: ['patient', 'provider'],
  patients: ['patient'],
  providers: ['provider'],
};

/**
 * Admin important updates (docs/API-notifications.md): published now or at a time, fanned out in
 * steps of FANOUT_BATCH users, each step one transaction that inserts the notifications (keyed per
 * update, so a retried step inserts nothing twice), asks for their delivery and for the next step.
 * Users who turned team updates off (`impUpdates`) are skipped.
 */
export class ImportantUpdates {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationsService,
  ) {}

  async create(
    adminId: string,
    input: {
      title: string;
      message: string;
      link?: string | undefined;
      audience: Audience;
      publishAt?: Date | undefined;
    },
    inWrite?: InWrite<UpdateRow>,
  ): Promise<UpdateRow> {
    const now = this.ctx.clock.now();
    const publishAt = input.publishAt && input.publishAt > now ? input.publishAt : now;
    const scheduled = publishAt > now;
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(importantUpdates)
        .values({
          title: input.title,
          message: input.message,
          link: input.link ?? null,
          audience: input.audience,
          status: scheduled ? 'scheduled' : 'publishing',
          publishAt,
          createdBy: adminId,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      if (!scheduled)
        await this.ctx.jobs.send<FanoutJob>(
          FANOUT_JOB,
          { updateId: row.id, after: null },
          { key: `fanout:${row.id}:start`, tx },
        );
      await inWrite?.(tx, row);
      return row;
    });
  }

  /** The tick: scheduled updates whose time has come start publishing. */
  async publishDue(): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      const due = await tx
        .update(importantUpdates)
        .set({ status: 'publishing' })
        .where(
          and(
            eq(importantUpdates.status, 'scheduled'),
            lte(importantUpdates.publishAt, this.ctx.clock.now()),
          ),
        )
        .returning({ id: importantUpdates.id });
      for (const { id } of due)
        await this.ctx.jobs.send<FanoutJob>(
          FANOUT_JOB,
          { updateId: id, after: null },
          { key: `fanout:${id}:start`, tx },
        );
      return due.length;
    });
  }

  /** One step of the fan-out. */
  async fanout(job: FanoutJob): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const [update] = await tx
        .select()
        .from(importantUpdates)
        .where(eq(importantUpdates.id, job.updateId))
        .for('update');
      if (!update || update.status !== 'publishing') return;
      const roles = rolesOf[update.audience];
      const recipients = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select u.id from users u
          left join notification_settings s on s.user_id = u.id
          where u.role in (${sql.join(
            roles.map((r) => sql`${r}`),
            sql`, `,
          )}) and u.activated = true
            and coalesce(s.settings->>'impUpdates', 'true') <> 'false'
            ${job.after ? sql`and u.id > ${job.after}::uuid` : sql``}
          order by u.id limit ${FANOUT_BATCH}`),
      ).map((r) => r.id);
      const data = {
        updateId: update.id,
        ...(update.link
          ? update.link.startsWith('/')
            ? { url: update.link, updateUrl: update.link }
            : { updateUrl: update.link }
          : {}),
      };
      const inserted =
        recipients.length === 0
          ? []
          : await tx
              .insert(notifications)
              .values(
                recipients.map((userId) => ({
                  userId,
                  type: 'important_update' as const,
                  priority: notificationPriority('important_update'),
                  title: update.title,
                  message: update.message,
                  data,
                  sourceKey: `update:${update.id}`,
                  updateId: update.id,
                  createdAt: this.ctx.clock.now(),
                })),
              )
              .onConflictDoNothing()
              .returning({ id: notifications.id });
      const step = job.after ?? 'start';
      if (inserted.length > 0)
        await this.ctx.jobs.send<DeliverJob>(
          DELIVER_JOB,
          { ids: inserted.map((r) => r.id) },
          { key: `deliver:update:${update.id}:${step}`, tx },
        );
      const last = recipients.at(-1);
      if (recipients.length === FANOUT_BATCH && last)
        await this.ctx.jobs.send<FanoutJob>(
          FANOUT_JOB,
          { updateId: update.id, after: last },
          { key: `fanout:${update.id}:${last}`, tx },
        );
      else
        await tx
          .update(importantUpdates)
          .set({ status: 'published', publishedAt: this.ctx.clock.now() })
          .where(eq(importantUpdates.id, update.id));
    });
  }

  /** Withdraws an update: a scheduled one never goes out; its unread notifications are removed. */
  async withdraw(id: string): Promise<UpdateRow> {
    const { row, users } = await this.ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(importantUpdates)
        .where(eq(importantUpdates.id, id))
        .for('update');
      if (!current) throw notFound(msg.updateNotFound);
      if (current.status === 'withdrawn') throw conflict(msg.updateNotWithdrawable);
      const [updated] = await tx
        .update(importantUpdates)
        .set({ status: 'withdrawn', withdrawnAt: this.ctx.clock.now() })
        .where(eq(importantUpdates.id, id))
        .returning();
      const removed = await tx
        .delete(notifications)
        .where(and(eq(notifications.updateId, id), isNull(notifications.readAt)))
        .returning({ userId: notifications.userId });
      return { row: updated as UpdateRow, users: removed.map((r) => r.userId) };
    });
    await this.notifications.changed(users);
    return row;
  }

  async list(page: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select()
        .from(importantUpdates)
        .orderBy(desc(importantUpdates.createdAt), desc(importantUpdates.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(importantUpdates),
    ]);
    const ids = rows.map((r) => r.id);
    const counts =
      ids.length === 0
        ? []
        : await this.ctx.db
            .select({
              updateId: notifications.updateId,
              delivered: sql<number>`count(*)`.mapWith(Number),
              read: sql<number>`count(${notifications.readAt})`.mapWith(Number),
            })
            .from(notifications)
            .where(inArray(notifications.updateId, ids))
            .groupBy(notifications.updateId);
    const byId = new Map(counts.map((c) => [c.updateId, c]));
    const n = total?.n ?? 0;
    const pages = Math.max(1, Math.ceil(n / limit));
    return {
      updates: rows.map((r) => presentUpdate(r, byId.get(r.id))),
      total: n,
      page,
      pages,
      hasNext: page < pages,
    };
  }
}

export function presentUpdate(row: UpdateRow, counts?: { delivered: number; read: number }) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    link: row.link,
    audience: row.audience,
    status: row.status,
    publishAt: row.publishAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    deliveredCount: counts?.delivered ?? 0,
    readCount: counts?.read ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}
