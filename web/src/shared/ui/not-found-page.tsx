import { Link } from 'react-router-dom';
import { usePageTitle } from './use-page-title';

export const NOT_FOUND_TEXT =
  "The page that you asked for doesn't exist or has been moved. Please contact your adviser if this problem persists.";

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="page-card">
      <h1>Page Not Found</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <p>
        <Link to="/">Return to the home page</Link>
      </p>
    </div>
  );
}
