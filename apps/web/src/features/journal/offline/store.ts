/**
 * Where entries written without a connection wait (decision 100): one IndexedDB object store,
 * each item keyed by the idempotency key it will be sent with, so however often it is sent it is
 * saved once. Where IndexedDB is missing (some private modes) the items live in memory for the tab.
 */
export interface OutboxItem {
  /** The Idempotency-Key the entry is sent with. */
  key: string;
  userId: string;
  kind: 'entry';
  /** The create-mood body as it was when written (its day and local time fixed then). */
  body: Record<string, unknown>;
  createdAt: string;
  /** Why the server refused it (it stays until the user discards it). */
  error?: string;
}

const DB = 'mindledger';
const STORE = 'outbox';
const memory = new Map<string, OutboxItem>();

function open(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE))
        db.createObjectStore(STORE, { keyPath: 'key' }).createIndex('userId', 'userId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open()!;
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    db.close();
  }
}

const inMemory = () => typeof indexedDB === 'undefined';

export const outboxStore = {
  async put(item: OutboxItem): Promise<void> {
    if (inMemory()) return void memory.set(item.key, item);
    await run('readwrite', (s) => s.put(item));
  },
  async list(userId: string): Promise<OutboxItem[]> {
    const items = inMemory()
      ? [...memory.values()].filter((i) => i.userId === userId)
      : await run<OutboxItem[]>('readonly', (s) => s.index('userId').getAll(userId));
    return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  },
  async remove(key: string): Promise<void> {
    if (inMemory()) return void memory.delete(key);
    await run('readwrite', (s) => s.delete(key));
  },
  async clear(userId: string): Promise<void> {
    for (const item of await outboxStore.list(userId)) await outboxStore.remove(item.key);
  },
};
