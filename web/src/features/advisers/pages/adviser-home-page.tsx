import { usePageTitle } from '../../../shared/ui/use-page-title';

/** The adviser's client list (spec 3) replaces this introduction in a later issue. */
export default function AdviserHomePage() {
  usePageTitle('Your Clients');
  return (
    <div className="page-header">
      <h1>Your Clients</h1>
      <p>Your client list is not available here yet. Searching your clients and opening a client&apos;s view will appear on this page.</p>
    </div>
  );
}
