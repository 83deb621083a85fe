import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useSiteConfig } from '../shared/config/site-config-context';
import { InlineLoading } from '../shared/ui/loading-screen';

/** Pages for visitors who are not signed in: text pages, help, maintenance, Page Not Found. */
export function PublicLayout() {
  const { branding, settings } = useSiteConfig();
  return (
    <>
      <header className="public-header">
        <Link to="/">
          <img src={branding.logo} alt={`${branding.logoAlt || settings.firmName} home`} width="220" height="48" />
        </Link>
      </header>
      <main id="main-content" className="public-main">
        <Suspense fallback={<InlineLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
