// Loaded (not inline: the CSP allows no inline script) in the head of the login page the portal
// sends (backend/internal/spa/login_shell.go), before the body is parsed: marks <html> when cookie
// consent is stored, so that page's cookie notice is hidden from the first paint, exactly when the
// app hides its own (src/app/cookie-consent.ts: localStorage cookieConsent, or the previous site's
// cookie, which the app then migrates; nothing without local storage).
// Then, on that page only, it loads the app's entry script (data-app-entry, with its preloads in
// data-app-preload) after the first frame: the page as sent paints before any of the app's script
// is fetched (backend/internal/spa/login_boot.go).
/* global document, window, requestAnimationFrame, setTimeout */
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
  const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstFrame, { once: true });
  else afterFirstFrame();
})();
