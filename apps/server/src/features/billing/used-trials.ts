import { trialMailbox } from '@mindledger/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { subscriptions, usedTrials } from '../../db/schema/index.js';
import { hmac } from '../../platform/crypto.js';

/**
 * One first-time trial per person (Part 2 §9), also across a deleted account (decision 106). While
 * the account lives its `subscriptions.trial_used_at` says so; when the account goes, or moves to
 * another address, the address it used the trial under is kept as a keyed hash of its trial mailbox
 * (`used_trials`): nothing that names the person or can be read back without the server secret.
 */
export class UsedTrials {
  private readonly key: string;

  constructor(serverSecret: string) {
    this.key = hmac(serverSecret, 'used-trials');
  }

  private hash(email: string): string {
    return hmac(this.key, trialMailbox(email));
  }

  /** Whether an account that no longer holds this address used its trial under it. */
  async usedBy(db: Executor, email: string): Promise<boolean> {
    const [row] = await db
      .select({ hash: usedTrials.mailboxHash })
      .from(usedTrials)
      .where(eq(usedTrials.mailboxHash, this.hash(email)));
    return row !== undefined;
  }

  /**
   * Before a user's row goes (deletion) or leaves `email` (a change of address): keeps the address
   * if the user used the trial; nothing otherwise.
   */
  async keepIfUsed(db: Executor, userId: string, email: string): Promise<void> {
    const [row] = await db
      .select({ trialUsedAt: subscriptions.trialUsedAt })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    if (!row?.trialUsedAt) return;
    await db
      .insert(usedTrials)
      .values({ mailboxHash: this.hash(email) })
      .onConflictDoNothing();
  }
}
