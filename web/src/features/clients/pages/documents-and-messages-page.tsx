import { usePageTitle } from '../../../shared/ui/use-page-title';

/** Placeholder until the messages and documents feature (spec 3) is built. */
export default function DocumentsAndMessagesPage() {
  usePageTitle('Messages and documents');
  return (
    <>
      <h1>Messages and documents</h1>
      <p className="empty-state">No messages for current selection</p>
    </>
  );
}
