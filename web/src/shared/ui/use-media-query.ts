import { useSyncExternalStore } from 'react';

/** Phones: below the width where the spec's top navigation fits (tablets start at 768 px). */
export const PHONE_QUERY = '(max-width: 767.98px)';

/**
 * Whether a media query matches, following changes (rotation, resizing). Without matchMedia
 * (jsdom, old webviews) nothing matches, which gives the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
  );
}
