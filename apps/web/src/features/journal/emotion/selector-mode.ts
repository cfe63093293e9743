import { useCallback, useState } from 'react';
import type { SelectorMode } from '@mindledger/domain';

/** The one localStorage key holding the selector mode the user last picked (spec ruling 6). */
export const selectorModeKey = 'ml.selectorMode';

export function loadSelectorMode(): SelectorMode | null {
  try {
    const stored = window.localStorage.getItem(selectorModeKey);
    return stored === 'simple' || stored === 'detailed' ? stored : null;
  } catch {
    return null;
  }
}

export function saveSelectorMode(mode: SelectorMode): void {
  try {
    window.localStorage.setItem(selectorModeKey, mode);
  } catch {
    // storage unavailable: the mode lasts for this screen only
  }
}

/** The selector mode: what the user picked last time, else the screen's default. */
export function useSelectorMode(defaultMode: SelectorMode, initial?: SelectorMode) {
  const [mode, setMode] = useState<SelectorMode>(() => initial ?? loadSelectorMode() ?? defaultMode);
  const choose = useCallback((next: SelectorMode) => {
    saveSelectorMode(next);
    setMode(next);
  }, []);
  // An edited selection shows in its own mode without changing the user's saved choice.
  return [mode, choose, setMode] as const;
}
