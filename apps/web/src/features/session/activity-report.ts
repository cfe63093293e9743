import { activityReportMs } from '@mindledger/domain';

export interface ActivityReporterOptions {
  now: () => number;
  /** When a signed-in call last reached the server (api/client.ts). */
  lastContact: () => number;
  /** POST session-activity. A 401 goes through the client's refresh-or-logout like any call. */
  send: (payment: boolean) => Promise<unknown>;
  reportMs?: number;
}

/**
 * The server ends a session after 16 minutes without a request (its side of the idle timers,
 * decided in packages/domain session/server-limits.ts). Someone typing a long journal entry makes
 * no request for a long while: when the user is active and no call reached the server for 30 s,
 * this tells it. It also tells it at once when the user continues a session from the warning, and
 * when the payment pages' longer idle limit starts or stops applying.
 */
export class ActivityReporter {
  private payment = false;
  private pending = 0;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private readonly reportMs: number;

  constructor(private readonly options: ActivityReporterOptions) {
    this.reportMs = options.reportMs ?? activityReportMs;
  }

  /** Activity in the page (the session timers counted it). */
  activity(): void {
    const last = Math.max(this.options.lastContact(), this.lastSentAt);
    if (this.options.now() - last >= this.reportMs) this.send();
  }

  /** The user pressed Continue Session. */
  continued(): void {
    this.send();
  }

  /** On payment pages, or during a payment: the server should allow the longer idle limit. */
  setPayment(payment: boolean): void {
    if (payment === this.payment) return;
    this.payment = payment;
    this.send(true);
  }

  /** One report at a time, except a change of the payment flag, which must not be lost. */
  private send(evenIfPending = false): void {
    if (this.pending > 0 && !evenIfPending) return;
    this.pending += 1;
    this.lastSentAt = this.options.now();
    this.options
      .send(this.payment)
      .catch(() => undefined)
      .finally(() => {
        this.pending -= 1;
      });
  }
}
