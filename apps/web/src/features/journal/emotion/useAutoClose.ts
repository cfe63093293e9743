import { useCallback, useEffect, useRef, useState } from 'react';

/** The compact selector closes 1000 ms after an intensity-only change, then animates 600 ms (Part 1 §9). */
export const autoCloseDelayMs = 1000;
export const closeAnimationMs = 600;

/** Timers of the compact selector's closing: a delay, then the closing animation, then `onClosed`. */
export function useAutoClose(onClosed: () => void) {
  const [closing, setClosing] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  const cancel = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    setClosing(false);
  }, []);

  const animateClose = useCallback(() => {
    cancel();
    setClosing(true);
    timers.current.push(
      setTimeout(() => {
        timers.current = [];
        setClosing(false);
        closed.current();
      }, closeAnimationMs),
    );
  }, [cancel]);

  const schedule = useCallback(() => {
    cancel();
    timers.current.push(setTimeout(animateClose, autoCloseDelayMs));
  }, [animateClose, cancel]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  return { closing, schedule, animateClose, cancel };
}
