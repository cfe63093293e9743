/**
 * The ids of journal entries this browser deleted (Part 1 §3: "A list of deleted entry ids is kept in
 * browser local storage"). Lists filter them out, so an entry never flickers back from a cached or
 * slow answer after its deletion. The newest 200 ids are kept.
 */
export const deletedIdsKey = 'ml.deletedEntryIds';
export const deletedIdsLimit = 200;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readDeletedIds(store: Storage | null = storage()): string[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(deletedIdsKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDeletedId(id: string, store: Storage | null = storage()): void {
  const ids = [...readDeletedIds(store).filter((known) => known !== id), id].slice(-deletedIdsLimit);
  try {
    store?.setItem(deletedIdsKey, JSON.stringify(ids));
  } catch {
    // storage full or unavailable: the server no longer answers the entry anyway
  }
}

/** `items` without the entries deleted in this browser. */
export function withoutDeleted<T extends { id: string }>(
  items: T[],
  deleted: readonly string[] = readDeletedIds(),
): T[] {
  if (deleted.length === 0) return items;
  const set = new Set(deleted);
  return items.filter((item) => !set.has(item.id));
}
