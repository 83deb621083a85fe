import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { installWindowSettings } from '../shared/config/window-settings';
import { configureApiBases } from '../shared/http';
import { portalBases } from './portal-bases';
import { App } from './app';
import { handOffLoginShell, sentPageOnScreen } from './login-shell-handoff';
import './styles/global.css';

const settings = installWindowSettings();
// Inside the native shell the app is bundled: its calls go to the firm's portal (set per build).
const bases = portalBases(import.meta.env.VITE_PORTAL_MOBILE_URL, settings.mobileAppMode && window.location.protocol !== 'http:' && window.location.hostname === 'localhost');
if (bases) configureApiBases(bases);

const root = document.getElementById('root')!;
const rootElement = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Under the page as sent (the login shell or the signed-in frame is on screen meanwhile) the
// first render is a transition: React renders it in slices, yielding between them, instead of one
// long task (Lighthouse's total blocking time), and commits it in one go. Not elsewhere: there the
// screen waits for this render, and the session's and data's updates would restart it.
const hadShell = sentPageOnScreen();
const renderApp = () => createRoot(root).render(rootElement);
handOffLoginShell(root);
if (hadShell) startTransition(renderApp);
else renderApp();

// The service worker (PWA) after load, so it never competes with the first paint. On the login
// page this script itself may start after load (the page as sent loads it after its first paint).
const registerWorker = () => {
  void import('./pwa/service-worker').then(({ registerServiceWorker }) => registerServiceWorker({ mobileAppMode: settings.mobileAppMode }));
};
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker);
