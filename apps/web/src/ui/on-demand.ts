/**
 * A flag that flips once, when a feature first needs a piece of UI that is loaded on demand (the
 * toast container, the modals manager). React hosts read it with useSyncExternalStore.
 */
export interface OnDemand {
  isRequested(): boolean;
  subscribe(listener: () => void): () => void;
  request(): void;
}

export function createOnDemand(): OnDemand {
  let requested = false;
  const listeners = new Set<() => void>();
  return {
    isRequested: () => requested,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    request() {
      if (requested) return;
      requested = true;
      for (const listener of listeners) listener();
    },
  };
}
