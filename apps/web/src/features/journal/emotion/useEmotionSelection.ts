import { useState } from 'react';
import type { EmotionData, SelectorMode, SimpleEmotionKind } from '@mindledger/domain';
import { useSelectorMode } from './selector-mode';
import { dataOf, emptySelection, matches, modeOfData, selectionOf, type Selection } from './selection';

export interface UseEmotionSelectionOptions {
  value: EmotionData | null;
  onChange(value: EmotionData | null): void;
  defaultMode: SelectorMode;
}

/**
 * The selector's working state around a controlled value: partial picks stay local, a complete
 * selection is reported (on every intensity change too), and anything incomplete reports null.
 * A value changed from outside (a restored draft, a parent reset) is taken over.
 */
export function useEmotionSelection({ value, onChange, defaultMode }: UseEmotionSelectionOptions) {
  const [mode, chooseMode, showMode] = useSelectorMode(defaultMode, modeOfData(value));
  const [selection, setSelection] = useState<Selection>(() => selectionOf(value));
  const [seen, setSeen] = useState(value);

  if (value !== seen) {
    setSeen(value);
    if (!matches(selection, value, mode)) {
      setSelection(selectionOf(value));
      const valueMode = modeOfData(value);
      if (valueMode && valueMode !== mode) showMode(valueMode);
    }
  }

  const apply = (next: Selection, nextMode: SelectorMode = mode): EmotionData | null => {
    setSelection(next);
    const data = dataOf(next, nextMode);
    if (data || value !== null) onChange(data);
    return data;
  };

  return {
    mode,
    selection,
    /** Picks a name at a level of the wheel; deeper levels are cleared. */
    pick: (level: number, name: string) =>
      apply({ ...selection, path: [...selection.path.slice(0, level), name] }),
    pickSimple: (kind: SimpleEmotionKind) => apply({ ...selection, path: [kind] }),
    setIntensity: (intensity: number) => apply({ ...selection, intensity }),
    /** 'Start Over': everything cleared and no selection reported. */
    startOver: () => {
      setSelection(emptySelection());
      onChange(null);
    },
    /** Switching modes clears the selection and resets the intensity to 5 (Part 1 §4). */
    switchMode: (next: SelectorMode) => {
      if (next === mode) return;
      chooseMode(next);
      apply(emptySelection(), next);
    },
    /** Shows a selection again (Cancel Edit) in the mode it was made in. */
    restore: (data: EmotionData | null) => {
      setSelection(selectionOf(data));
      const dataMode = modeOfData(data);
      if (dataMode && dataMode !== mode) showMode(dataMode);
      onChange(data);
    },
    clear: () => setSelection(emptySelection()),
  };
}
