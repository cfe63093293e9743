import { isTimeZone, localDay, localTimestamp } from '@mindledger/domain';
import { api, ApiError, newIdempotencyKey } from '../../../api/client';
import { browserTimeZone } from '../api';
import { outboxStore, type OutboxItem } from './store';

/**
 * Journaling without a connection (issue 18; decision 100): an entry that cannot reach the server
 * waits in the outbox with its idempotency key and its day fixed, is shown as waiting to sync, and
 * is sent again when the connection returns — saved exactly once, whatever happens to the answers.
 */
export type { OutboxItem };

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The save failed because the server could not be reached (not because it refused). */
export function isUnreachable(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.status === 0) ||
    (typeof navigator !== 'undefined' && !navigator.onLine)
  );
}

/**
 * Keeps an entry for later: its day and local time are the moment it was written. The day is the
 * one the server counts in, the profile's time zone (decision 046), so an entry written offline is
 * never "yet to come" when it arrives because this device is in a zone ahead of the profile's.
 */
export async function queueEntry(
  owner: { userId: string; timeZone?: string | null | undefined },
  body: Record<string, unknown>,
  details?: Record<string, unknown>,
): Promise<OutboxItem> {
  const { userId } = owner;
  const zone = isTimeZone(owner.timeZone) ? owner.timeZone : browserTimeZone();
  const item: OutboxItem = {
    key: newIdempotencyKey(),
    userId,
    kind: 'entry',
    body: {
      userTimezone: zone,
      userLocalTimestamp: localTimestamp(),
      ...body,
      customDate: (body.customDate as string | undefined) ?? localDay(new Date(), zone),
      ...(details ? { details } : {}),
    },
    createdAt: new Date().toISOString(),
  };
  await outboxStore.put(item);
  changed();
  return item;
}

export const outboxItems = (userId: string) => outboxStore.list(userId);

export async function discardOutboxItem(key: string): Promise<void> {
  await outboxStore.remove(key);
  changed();
}

export async function clearOutbox(userId: string): Promise<void> {
  await outboxStore.clear(userId);
  changed();
}

let syncing: Promise<number> | null = null;

/**
 * Sends what waits, oldest first, each with its own key (a repeat is answered from the server's
 * idempotency record, not written twice). Stops at the first unreachable server; an entry the
 * server refuses keeps its reason and waits for the user. Answers how many were saved.
 */
export function syncOutbox(userId: string): Promise<number> {
  // one send at a time: a caller arriving meanwhile is told nothing new was saved by it
  if (syncing) return syncing.then(() => 0);
  syncing = (async () => {
    let saved = 0;
    try {
      for (const item of await outboxStore.list(userId)) {
        if (item.error) continue;
        const { details, ...body } = item.body as Record<string, unknown> & {
          details?: Record<string, unknown>;
        };
        try {
          const created = await api.post<{ data: { id: string } }>('create-mood', body, {
            idempotencyKey: item.key,
          });
          if (details)
            await api.put('update-mood-swp', { ...details, moodId: created.data.id }).catch(() => undefined);
          await outboxStore.remove(item.key);
          saved += 1;
        } catch (error) {
          if (
            isUnreachable(error) ||
            (error instanceof ApiError &&
              (error.status >= 500 || error.status === 401 || error.status === 429))
          )
            break;
          await outboxStore.put({ ...item, error: error instanceof Error ? error.message : 'Not saved' });
        }
      }
    } finally {
      syncing = null;
      changed();
    }
    return saved;
  })();
  return syncing;
}
