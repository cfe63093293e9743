import {
  auditBatchMax,
  auditFlushIntervalMs,
  cutAuditMetadata,
  isCriticalAuditAction,
  type ClientAuditAction,
  type ClientAuditEntry,
} from '@mindledger/domain';
import type { AuditDetails } from './audit';
import { api, ApiError } from './client';

export interface AuditTimer {
  setInterval(callback: () => void, ms: number): ReturnType<typeof setInterval>;
  clearInterval(handle: ReturnType<typeof setInterval>): void;
  now(): number;
}

export interface AuditQueueOptions {
  send: (logs: ClientAuditEntry[]) => Promise<unknown>;
  timer?: AuditTimer;
  intervalMs?: number;
  /** Oldest entries are dropped beyond this many (a server that stays away must not eat memory). */
  maxQueued?: number;
}

const realTimer: AuditTimer = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle),
  now: () => Date.now(),
};

/**
 * Audit entries are queued and sent in batches to POST /api/audit-logs every 5 s, at once for
 * critical actions; a failed flush puts the entries back (Part 2 §7 Audit logging), unless the
 * server refused them.
 */
export class AuditQueue {
  private queue: ClientAuditEntry[] = [];
  private handle: ReturnType<typeof setInterval> | null = null;
  private inFlight: Promise<void> | null = null;
  private readonly send: AuditQueueOptions['send'];
  private readonly timer: AuditTimer;
  private readonly intervalMs: number;
  private readonly maxQueued: number;

  constructor(options: AuditQueueOptions) {
    this.send = options.send;
    this.timer = options.timer ?? realTimer;
    this.intervalMs = options.intervalMs ?? auditFlushIntervalMs;
    this.maxQueued = options.maxQueued ?? 1_000;
  }

  get size(): number {
    return this.queue.length;
  }

  /** The entry describes the user's own action; the server binds it to them and stamps the time. */
  enqueue(action: ClientAuditAction, details: AuditDetails = {}): void {
    const entry: ClientAuditEntry = {
      action,
      ...(details.resourceType ? { resourceType: details.resourceType.slice(0, 50) } : {}),
      ...(details.resourceId ? { resourceId: details.resourceId.slice(0, 100) } : {}),
      ...(details.metadata ? { metadata: cutAuditMetadata(details.metadata) } : {}),
    };
    this.queue.push(entry);
    if (this.queue.length > this.maxQueued) this.queue.splice(0, this.queue.length - this.maxQueued);
    if (isCriticalAuditAction(action)) void this.flush();
    else this.ensureTimer();
  }

  /** Sends everything queued (in batches of at most 100); failures go back to the front of the queue. */
  flush(): Promise<void> {
    if (this.inFlight) return this.inFlight.then(() => (this.queue.length ? this.flush() : undefined));
    if (this.queue.length === 0) {
      this.stopTimer();
      return Promise.resolve();
    }
    this.inFlight = this.drain().finally(() => {
      this.inFlight = null;
      if (this.queue.length) this.ensureTimer();
      else this.stopTimer();
    });
    return this.inFlight;
  }

  /** Drops everything queued and stops the timer. */
  reset(): void {
    this.queue = [];
    this.stopTimer();
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, auditBatchMax);
      try {
        await this.send(batch);
      } catch (error) {
        // A refusal (400) will never be stored: sending it again would block the queue for good.
        if (error instanceof ApiError && error.status === 400) {
          console.warn('Audit entries refused by the server; dropped.', error);
          continue;
        }
        this.queue.unshift(...batch);
        console.warn('Audit log flush failed; entries re-queued.', error);
        return;
      }
    }
  }

  private ensureTimer(): void {
    if (this.handle !== null) return;
    this.handle = this.timer.setInterval(() => void this.flush(), this.intervalMs);
  }

  private stopTimer(): void {
    if (this.handle === null) return;
    this.timer.clearInterval(this.handle);
    this.handle = null;
  }
}

export const auditQueue = new AuditQueue({
  send: (logs) => api.post('/api/audit-logs', { logs }),
});
