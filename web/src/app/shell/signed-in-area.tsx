import { setupIonicReact } from '@ionic/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import '@ionic/react/css/core.css';
import { AdviserSection } from '../../features/advisers/adviser-section';
import { ACCOUNT_PAGES } from '../../features/auth/account-pages';
import { CLIENT_PAGES, ClientSection } from '../../features/clients/client-section';
import type { ClientChildKey } from '../../shared/config/site-config';
import { AccessDeniedPage } from '../../shared/ui/access-denied-page';
import { ApiError } from '../../shared/http';
import { SignedInShell } from './signed-in-shell';
import './shell.css';

// Ionic is set up here, in the lazily loaded part of the app, never on the login route.
setupIonicReact({ mode: 'md', animated: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches });

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The request helper already retries idempotent calls (spec 1 §7); do not multiply them.
        retry: false,
        staleTime: 60_000,
        refetchOnWindowFocus: (query) => !(query.state.error instanceof ApiError),
      },
    },
  });
}

const SECTION_PAGES = { ...CLIENT_PAGES, ...ACCOUNT_PAGES };
const PAGE_CHILDREN: ReadonlySet<ClientChildKey> = new Set(Object.keys(SECTION_PAGES) as ClientChildKey[]);

interface Props {
  section: 'clients' | 'advisers';
  denied: boolean;
}

/** Everything behind the login: the signed-in shell and the client and adviser sections. */
export default function SignedInArea({ section, denied }: Props) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInShell onLogout={() => queryClient.clear()} clientPages={PAGE_CHILDREN}>
        {denied ? <AccessDeniedPage /> : section === 'clients' ? <ClientSection pages={SECTION_PAGES} /> : <AdviserSection />}
      </SignedInShell>
    </QueryClientProvider>
  );
}
