import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come into view (and from then on). Used to load below-the-fold widgets
 * and their code only when the user scrolls to them; without IntersectionObserver it is true at once.
 */
export function useSeenOnce<T extends Element>(rootMargin = '0px') {
  const ref = useRef<T | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, rootMargin]);
  return { ref, seen };
}
