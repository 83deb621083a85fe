import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import '@ionic/react/css/core.css';
import { AdviserSection } from '../../features/advisers/adviser-section';
import { ACCOUNT_PAGES } from '../../features/auth/account-pages';
import { CLIENT_PAGES, ClientSection, hasClientPage } from '../../features/clients/client-section';
import type { ClientChildKey } from '../../shared/config/site-config';
import { ServerStateProvider } from '../../shared/api/server-state-provider';
import { AccessDeniedPage } from '../../shared/ui/access-denied-page';
import { NotFoundPage } from '../../shared/ui/not-found-page';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { setupIonic } from './ionic-elements';
import { SignedInShell } from './signed-in-shell';
import './shell.css';

// Ionic is set up here, in the lazily loaded part of the app, never on the login route.
setupIonic({ mode: 'md', animated: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches });

const SECTION_PAGES = { ...CLIENT_PAGES, ...ACCOUNT_PAGES };
const PAGE_CHILDREN: ReadonlySet<ClientChildKey> = new Set(Object.keys(SECTION_PAGES) as ClientChildKey[]);

interface Props {
  section: 'clients' | 'advisers';
  denied?: boolean;
  /** A page outside the sections (a text page, Page Not Found), shown inside the shell. */
  children?: ReactNode;
}

/** Everything behind the login: the signed-in shell and the client and adviser sections. */
export default function SignedInArea({ section, denied = false, children }: Props) {
  // The query cache is the app's (one per app, app.tsx holds it); logout clears it through the
  // session (clear()).
  return (
    <ServerStateProvider>
      <SignedInShell onLogout={() => undefined} clientPages={PAGE_CHILDREN}>
        {children ?? (denied ? <DeniedSection section={section} /> : section === 'clients' ? <ClientSection pages={SECTION_PAGES} /> : <AdviserSection />)}
      </SignedInShell>
    </ServerStateProvider>
  );
}

/**
 * A section the user may not enter. Its pages are Access Denied; a path that is no page at all is
 * Page Not Found, whoever asks, so a missing page never answers Access Denied for some users only.
 */
function DeniedSection({ section }: { section: 'clients' | 'advisers' }) {
  return (
    <Routes>
      <Route index element={<AccessDeniedPage />} />
      <Route path=":segment/*" element={section === 'clients' ? <DeniedClientChild /> : <NotFoundPage />} />
    </Routes>
  );
}

function DeniedClientChild() {
  const { settings } = useSiteConfig();
  const { segment = '' } = useParams();
  return hasClientPage(segment, settings.clientSegments, SECTION_PAGES) ? <AccessDeniedPage /> : <NotFoundPage />;
}
