// Runs in the head of the page the portal sends: marks <html> when cookie consent is stored (as
// src/app/cookie-consent.ts decides); with data-app-entry, loads the app's script once the first
// contentful paint is reported, or a second after the first frame (login_boot.go; issue 13).
/* global document, window, requestAnimationFrame, setTimeout, PerformanceObserver */
(() => {
  let given;
  try {
    const legacy = document.cookie.split(';').some((part) => part.trim() === 'cookieconsent_status=dismiss');
    given = window.localStorage.getItem('cookieConsent') === 'true' || (legacy && window.localStorage !== null);
  } catch {
    given = false; // private browsing
  }
  if (given) document.documentElement.setAttribute('data-cookie-consent', 'true');

  const me = document.currentScript;
  const entry = me && me.dataset.appEntry;
  if (!entry) return;
  const add = (element, attributes) => document.head.append(Object.assign(element, { crossOrigin: '' }, attributes));
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (me.dataset.appPreload || '').split(' ').filter(Boolean)) add(document.createElement('link'), { rel: 'modulepreload', href });
    add(document.createElement('script'), { type: 'module', src: entry });
  };
  const observed = () => {
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, observer.disconnect());
      });
      observer.observe({ type: 'paint', buffered: true });
      return PerformanceObserver.supportedEntryTypes.includes('paint');
    } catch {
      return false;
    }
  };
  const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(start, observed() ? 1000 : 0));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstFrame, { once: true });
  else afterFirstFrame();
})();
