import { useCallback, useState } from 'react';

/**
 * Whether an element has come near the viewport yet (and stays true after): pages of a long
 * document load only as the reviewer scrolls to them. Without IntersectionObserver everything
 * counts as seen.
 */
export function useSeen(rootMargin = '400px') {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setSeen(true);
            observer.disconnect();
          }
        },
        { rootMargin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [rootMargin],
  );
  return { ref, seen };
}
