// Loaded (not inline: the CSP allows no inline script) in the head of the login page the portal
// sends (backend/internal/spa/login_shell.go), before the body is parsed: marks <html> when cookie
// consent is stored, so that page's cookie notice is hidden from the first paint, exactly when the
// app hides its own (src/app/cookie-consent.ts: localStorage cookieConsent, or the previous site's
// cookie, which the app then migrates; nothing without local storage).
/* global document, window */
(() => {
  let given;
  try {
    const legacy = document.cookie.split(';').some((part) => part.trim() === 'cookieconsent_status=dismiss');
    given = window.localStorage.getItem('cookieConsent') === 'true' || (legacy && window.localStorage !== null);
  } catch {
    given = false; // private browsing in some browsers
  }
  if (given) document.documentElement.setAttribute('data-cookie-consent', 'true');
})();
