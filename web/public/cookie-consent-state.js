// Loaded (not inline: the CSP allows no inline script) in the head of the login page the portal
// sends (backend/internal/spa/login_shell.go), before the body is parsed: marks <html> when cookie
// consent is stored, so that page's cookie notice is hidden from the first paint, exactly when the
// app hides its own (src/app/cookie-consent.ts: localStorage cookieConsent, or the previous site's
// cookie, which the app then migrates; nothing without local storage).
// Then, on that page only, it loads the app's entry script (data-app-entry, with its preloads in
// data-app-preload) after its first contentful paint: the page as sent paints before any of the
// app's script is fetched (backend/internal/spa/login_boot.go).
/* global document, window, requestAnimationFrame, setTimeout, PerformanceObserver */
(() => {
  let given;
  try {
    const legacy = document.cookie.split(';').some((part) => part.trim() === 'cookieconsent_status=dismiss');
    given = window.localStorage.getItem('cookieConsent') === 'true' || (legacy && window.localStorage !== null);
  } catch {
    given = false; // private browsing in some browsers
  }
  if (given) document.documentElement.setAttribute('data-cookie-consent', 'true');

  const me = document.currentScript;
  const entry = me && me.dataset.appEntry;
  if (!entry) return;
  const add = (element, attributes) => document.head.append(Object.assign(element, { crossOrigin: '' }, attributes));
  const start = () => {
    for (const href of (me.dataset.appPreload || '').split(' ').filter(Boolean)) add(document.createElement('link'), { rel: 'modulepreload', href });
    add(document.createElement('script'), { type: 'module', src: entry });
  };
  // After the first contentful paint itself, as the browser reports it. The first frame comes
  // earlier: its text may still wait for the firm's font (font-display optional: up to ~100 ms)
  // and its pixels for the screen, and script fetched meanwhile shares the network with the
  // fonts that paint needs (issue 13: Lighthouse counted those fetches into the first paint of
  // some runs and not others, 1.0-1.9 s for the same page). Where the browser does not report
  // paints, or nothing contentful paints (no text, the logo missing), after the first frame and
  // a second more.
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(once, paintReported() ? FALLBACK_MS : 0));
  const FALLBACK_MS = 1000;
  function paintReported() {
    try {
      if (!(window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).includes('paint'))) return false;
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(once, 0);
      });
      observer.observe({ type: 'paint', buffered: true });
      return true;
    } catch {
      return false;
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstFrame, { once: true });
  else afterFirstFrame();
})();
