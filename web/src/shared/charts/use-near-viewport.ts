import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element has come near the screen, once (it stays true). Charts draw only then: on
 * a phone the chart may sit below the first screen, and evaluating and drawing Highcharts while
 * the page's first screen is still being built would hold up the main thread for nothing. Where
 * the browser has no IntersectionObserver, at once.
 */
export function useNearViewport<T extends Element>(margin = '0px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
