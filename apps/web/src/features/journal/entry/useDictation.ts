import { useEffect, useMemo, useRef, useState } from 'react';
import { Dictation, recognitionConstructor } from './dictation';

/** React binding of `Dictation`: final text is appended through `onText`. */
export function useDictation(onText: (text: string) => void) {
  const Ctor = useMemo(() => recognitionConstructor(typeof window === 'undefined' ? {} : window), []);
  const [listening, setListening] = useState(false);
  const [interim, setInterim] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;
  const dictation = useMemo(
    () =>
      Ctor
        ? new Dictation(Ctor, {
            onFinal: (text) => onTextRef.current(text),
            onInterim: setInterim,
            onListeningChange: setListening,
            onError: setError,
          })
        : null,
    [Ctor],
  );
  useEffect(() => () => dictation?.stop(), [dictation]);

  return {
    supported: dictation !== null,
    listening,
    interim,
    error,
    toggle: () => {
      if (!dictation) return;
      setError(null);
      if (dictation.active) dictation.stop();
      else dictation.start();
    },
    stop: () => dictation?.stop(),
  };
}
