import { usePageTitle } from './use-page-title';

export const ACCESS_DENIED_TEXT =
  'You are not authorised to view the page that you requested. Please contact your adviser if this problem persists.';

export function AccessDeniedPage() {
  usePageTitle('Access Denied');
  return (
    <div className="page-card">
      <h1>Access Denied</h1>
      <p>{ACCESS_DENIED_TEXT}</p>
    </div>
  );
}
