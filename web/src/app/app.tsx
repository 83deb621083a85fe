import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientHolderProvider } from '../shared/api/query-client-holder';
import type { SiteConfig } from '../shared/config/site-config';
import { SiteConfigProvider } from '../shared/config/site-config-context';
import { SessionProvider, type SessionState } from '../shared/session/session-context';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { ToastProvider } from '../shared/ui/toast';
import { AppRoutes } from './app-routes';
import { BrandingTheme } from './branding-theme';
import { GlobalErrorBridge } from './global-error-bridge';
import { NativeShellSetup } from './native-shell-setup';
import { PreloadSignedIn } from './preload-signed-in';
import { PwaNotices } from './pwa/pwa-notices';
import { StartupError } from './startup-error';

interface Props {
  /** Tests inject these instead of fetching them. */
  initialConfig?: SiteConfig;
  initialSession?: SessionState;
  queryClient?: QueryClient;
}

/**
 * Entry providers. Kept free of Ionic and TanStack Query on purpose: everything here is on the
 * login route's critical path (see web/README.md, "Login route budget"). The query client is
 * created by the lazy parts that use it (ServerStateProvider); the holder keeps it one per app.
 */
export function App({ initialConfig, initialSession, queryClient }: Props) {
  // v7_startTransition stays off (set, so React Router does not warn): the lost-session redirect
  // and logout clear the session and navigate in one batch, which a transition would split (and
  // the section guard would win).
  return (
    <QueryClientHolderProvider client={queryClient}>
      <BrowserRouter future={{ v7_relativeSplatPath: true, v7_startTransition: false }}>
        <ToastProvider>
          {/* The session check does not need the configuration: both are asked for at once. */}
          <SessionProvider initialState={initialSession}>
            <PreloadSignedIn />
            <SiteConfigProvider
              initialConfig={initialConfig}
              loading={<LoadingScreen label="Loading the portal" />}
              renderError={(retry) => <StartupError onRetry={retry} />}
            >
              <BrandingTheme />
              <GlobalErrorBridge />
              <NativeShellSetup />
              <PwaNotices />
              <AppRoutes />
            </SiteConfigProvider>
          </SessionProvider>
        </ToastProvider>
      </BrowserRouter>
    </QueryClientHolderProvider>
  );
}
