import type { WeeklyAutomationInput, WeeklyAutomationSettings } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { unauthenticated } from '../../platform/errors.js';
import type { ScheduleDelivery } from '../../platform/jobs/index.js';
import { WEEKLY_INSIGHTS_KIND } from './generator.js';
import { automationDefaults, automationZone, presentSettings } from './presenter.js';
import { WeeklyAutomationRepo, type AutomationChange } from './repo.js';

/** Part 2 counts weekdays from 0 = Sunday; the schedules use ISO (7 = Sunday). */
export const isoWeekdayOf = (day: number) => (day === 0 ? 7 : day);

/** The automation's schedule: 12:00 AM on the automation day, in the client's zone (Part 2 §4). */
export function automationSchedule(automationDay: number, timeZone: string) {
  return { localTime: '00:00', weekdays: [isoWeekdayOf(automationDay)], timeZone };
}

/**
 * Weekly automation settings (issue 14, Part 2 §3–§5): one row per client, the per-user schedule
 * `weekly-insights` kept in step with it (set while generation is on, removed when off), and the
 * defaults for clients who never saved.
 */
export class WeeklyAutomationService {
  readonly repo: WeeklyAutomationRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new WeeklyAutomationRepo(ctx.db);
  }

  async settings(userId: string): Promise<WeeklyAutomationSettings> {
    const [user, recipients] = await Promise.all([this.repo.ofUser(userId), this.repo.recipients(userId)]);
    if (!user) throw unauthenticated();
    return presentSettings(user.settings, user.timezone, recipients);
  }

  /**
   * Saves one or both fields. A day sent without `automaticGeneration` turns generation on (§4:
   * changing the day forces it on); both sent are taken as sent. The row and its schedule change in
   * one transaction: a save twice, or two at once, leave one row and one schedule that agree.
   */
  async update(userId: string, input: WeeklyAutomationInput): Promise<WeeklyAutomationSettings> {
    const saved = await this.ctx.db.transaction((tx) => this.save(userId, input, tx));
    return presentSettings(saved.row, saved.timeZone, await this.repo.recipients(userId));
  }

  /** The save of `update` inside the caller's transaction (an import applies settings with its data). */
  async save(userId: string, input: WeeklyAutomationInput, tx: Tx) {
    const change: AutomationChange = {
      automaticGeneration:
        input.automaticGeneration ?? (input.automationDay !== undefined ? true : undefined),
      automationDay: input.automationDay,
    };
    const user = await this.repo.ofUser(userId, tx, true);
    if (!user) throw unauthenticated();
    const timeZone = automationZone(user.timezone);
    const row = await this.repo.upsert(
      userId,
      change,
      automationDefaults,
      timeZone,
      this.ctx.clock.now(),
      tx,
    );
    await this.applySchedule(userId, row, timeZone, tx);
    return { row, timeZone };
  }

  private async applySchedule(
    userId: string,
    row: { automaticGeneration: boolean; automationDay: number },
    timeZone: string,
    tx: Executor,
  ): Promise<void> {
    if (row.automaticGeneration)
      await this.ctx.jobs.schedules.set(
        userId,
        WEEKLY_INSIGHTS_KIND,
        automationSchedule(row.automationDay, timeZone),
        tx,
      );
    else await this.ctx.jobs.schedules.remove(userId, WEEKLY_INSIGHTS_KIND, tx);
  }

  /**
   * Keeps the defaults for activated patients who have no row yet (new accounts, and accounts from
   * before the automation): their row and their Sunday schedule, `batch` at a time, each batch in
   * one transaction. A row a save inserted meanwhile wins (the insert skips it). The tick that calls
   * this reads an indexed anti-join, so a visit to the settings page never has to write.
   */
  async ensureDefaults(batch = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const missing = await this.repo.withoutSettings(batch);
      if (missing.length === 0) return total;
      const zones = new Map(missing.map((u) => [u.id, automationZone(u.timezone)]));
      await this.ctx.db.transaction(async (tx) => {
        const inserted = await this.repo.insertDefaults(
          missing.map((u) => ({ id: u.id, timezone: zones.get(u.id) as string })),
          automationDefaults,
          this.ctx.clock.now(),
          tx,
        );
        for (const userId of inserted)
          await this.applySchedule(userId, automationDefaults, zones.get(userId) as string, tx);
      });
      total += missing.length;
      if (missing.length < batch) return total;
    }
  }

  /** Of a claimed batch, the deliveries whose client still has generation on (a save may have come between). */
  async stillOn(deliveries: ScheduleDelivery[]): Promise<ScheduleDelivery[]> {
    const off = await this.repo.turnedOff([...new Set(deliveries.map((d) => d.userId))]);
    return deliveries.filter((d) => !off.has(d.userId));
  }
}
