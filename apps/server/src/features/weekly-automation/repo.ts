import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { connections, users, weeklyAutomationSettings } from '../../db/schema/index.js';
import { activeConnection } from '../../platform/policy.js';

export type AutomationRow = typeof weeklyAutomationSettings.$inferSelect;

/** What changes on a save; a field left out keeps its stored value. */
export interface AutomationChange {
  automaticGeneration?: boolean | undefined;
  automationDay?: number | undefined;
}

/** The SQL of the weekly automation settings (one row per client, `patient_id` its key). */
export class WeeklyAutomationRepo {
  constructor(private readonly db: Db) {}

  /** The client's profile zone and stored settings (null before the first save), in one read. */
  async ofUser(
    userId: string,
    executor: Executor = this.db,
    lock = false,
  ): Promise<{ timezone: string; settings: AutomationRow | null } | undefined> {
    const query = executor
      .select({ timezone: users.timezone, settings: weeklyAutomationSettings })
      .from(users)
      .leftJoin(weeklyAutomationSettings, eq(weeklyAutomationSettings.patientId, users.id))
      .where(eq(users.id, userId));
    // FOR SHARE on the user: a time zone change waits for this save (and its schedule) to commit,
    // then moves the schedule it wrote.
    const [row] = lock ? await query.for('share', { of: users }) : await query;
    return row;
  }

  /**
   * Inserts or changes the row in one statement (the row lock orders concurrent saves), answering
   * the stored row. A new row takes the defaults for the fields left out.
   */
  async upsert(
    userId: string,
    change: AutomationChange,
    defaults: { automaticGeneration: boolean; automationDay: number },
    timezone: string,
    now: Date,
    tx: Executor,
  ): Promise<AutomationRow> {
    const set: Partial<typeof weeklyAutomationSettings.$inferInsert> = { timezone, updatedAt: now };
    if (change.automaticGeneration !== undefined) set.automaticGeneration = change.automaticGeneration;
    if (change.automationDay !== undefined) set.automationDay = change.automationDay;
    const [row] = await tx
      .insert(weeklyAutomationSettings)
      .values({
        patientId: userId,
        automaticGeneration: change.automaticGeneration ?? defaults.automaticGeneration,
        automationDay: change.automationDay ?? defaults.automationDay,
        timezone,
        updatedAt: now,
      })
      .onConflictDoUpdate({ target: weeklyAutomationSettings.patientId, set })
      .returning();
    if (!row) throw new Error('weekly automation settings not saved');
    return row;
  }

  /** The client's connected providers (accepted and active): the recipients of the weekly report. */
  async recipients(patientId: string): Promise<{ doctorName: string; doctorEmail: string }[]> {
    const rows = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(connections)
      .innerJoin(users, eq(users.id, connections.providerId))
      .where(and(eq(connections.patientId, patientId), activeConnection()))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
    return rows.map((r) => ({ doctorName: `${r.firstName} ${r.lastName}`.trim(), doctorEmail: r.email }));
  }

  /** Activated patients without a settings row (never saved, no defaults kept yet), `limit` at a time. */
  async withoutSettings(limit: number): Promise<{ id: string; timezone: string }[]> {
    return rowsOf<{ id: string; timezone: string }>(
      await this.db.execute(sql`
        select u.id, u.timezone from users u
        where u.role = 'patient' and u.activated = true
          and not exists (select 1 from weekly_automation_settings s where s.patient_id = u.id)
        order by u.id limit ${limit}`),
    );
  }

  /** Keeps the defaults for these patients; answers the ids whose row this call inserted. */
  async insertDefaults(
    rows: { id: string; timezone: string }[],
    defaults: { automaticGeneration: boolean; automationDay: number },
    now: Date,
    tx: Executor,
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await tx
      .insert(weeklyAutomationSettings)
      .values(rows.map((r) => ({ patientId: r.id, ...defaults, timezone: r.timezone, updatedAt: now })))
      .onConflictDoNothing({ target: weeklyAutomationSettings.patientId })
      .returning({ patientId: weeklyAutomationSettings.patientId });
    return inserted.map((r) => r.patientId);
  }

  /** Of these users, those whose stored settings turn generation off. */
  async turnedOff(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = rowsOf<{ patient_id: string }>(
      await this.db.execute(sql`
        select patient_id from weekly_automation_settings
        where automatic_generation = false and patient_id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    return new Set(rows.map((r) => r.patient_id));
  }
}
