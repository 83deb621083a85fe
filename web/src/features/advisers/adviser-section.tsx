import { Route, Routes } from 'react-router-dom';
import { isStorageAvailable } from '../../shared/storage/storage-available';
import { NotFoundPage } from '../../shared/ui/not-found-page';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { lazyChunk } from '../../shared/lazy/lazy-chunk';

const YourClientsPage = lazyChunk(() => import('./pages/your-clients-page'));

export const PRIVATE_BROWSING_TEXT = 'Adviser view is not supported in private browsing mode.';

/** The adviser section; it needs browser storage for the client in context (spec 1 §5). */
export function AdviserSection({ storageAvailable = isStorageAvailable }: { storageAvailable?: () => boolean }) {
  if (!storageAvailable()) return <PrivateBrowsingPage />;
  return (
    <Routes>
      <Route index element={<YourClientsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function PrivateBrowsingPage() {
  usePageTitle('Your Clients');
  return (
    <div className="page-card">
      <h1>Your Clients</h1>
      <p role="alert">{PRIVATE_BROWSING_TEXT}</p>
    </div>
  );
}
