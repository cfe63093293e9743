export { JobRunner, type JobHandler, type JobQueue, type JobRunnerOptions } from './runner.js';
export { keyRetentionDays, type SendOptions } from './outbox.js';
export type { TickData } from './ticks.js';
export {
  scheduleJobName,
  type ScheduleBatch,
  type ScheduleDelivery,
  type UserScheduleInput,
} from './user-schedules.js';
