import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { SanitizedHtml as Eager } from './sanitized-html';

// The sanitiser (DOMPurify, ~9 KB gzip) loads on demand. Should it fail to load, the HTML is
// left out rather than the page broken: it is never inserted unsanitised.
type Props = ComponentProps<typeof Eager>;

const SanitizedHtml = lazy<ComponentType<Props>>(() =>
  import('./sanitized-html').then(
    (module) => ({ default: module.SanitizedHtml }),
    () => ({ default: () => null }),
  ),
);

/** SanitizedHtml for the login route (the footer's copyright), which must not carry the sanitiser. */
export function LazySanitizedHtml(props: Props) {
  return (
    <Suspense fallback={null}>
      <SanitizedHtml {...props} />
    </Suspense>
  );
}
