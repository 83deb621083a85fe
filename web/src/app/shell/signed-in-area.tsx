import { setupIonicReact } from '@ionic/react';
import '@ionic/react/css/core.css';
import { AdviserSection } from '../../features/advisers/adviser-section';
import { ACCOUNT_PAGES } from '../../features/auth/account-pages';
import { CLIENT_PAGES, ClientSection } from '../../features/clients/client-section';
import type { ClientChildKey } from '../../shared/config/site-config';
import { AccessDeniedPage } from '../../shared/ui/access-denied-page';
import { SignedInShell } from './signed-in-shell';
import './shell.css';

// Ionic is set up here, in the lazily loaded part of the app, never on the login route.
setupIonicReact({ mode: 'md', animated: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches });

const SECTION_PAGES = { ...CLIENT_PAGES, ...ACCOUNT_PAGES };
const PAGE_CHILDREN: ReadonlySet<ClientChildKey> = new Set(Object.keys(SECTION_PAGES) as ClientChildKey[]);

interface Props {
  section: 'clients' | 'advisers';
  denied: boolean;
}

/** Everything behind the login: the signed-in shell and the client and adviser sections. */
export default function SignedInArea({ section, denied }: Props) {
  // The query cache is the app's (app.tsx); logout clears it through the session (clear()).
  return (
    <SignedInShell onLogout={() => undefined} clientPages={PAGE_CHILDREN}>
      {denied ? <AccessDeniedPage /> : section === 'clients' ? <ClientSection pages={SECTION_PAGES} /> : <AdviserSection />}
    </SignedInShell>
  );
}
