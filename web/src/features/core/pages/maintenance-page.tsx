import { useSiteConfig } from '../../../shared/config/site-config-context';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';
import { usePageTitle } from '../../../shared/ui/use-page-title';

export default function MaintenancePage() {
  const { content } = useSiteConfig();
  usePageTitle(content.maintenance.heading);
  return (
    <div className="page-card">
      <h1>{content.maintenance.heading}</h1>
      <SanitizedHtml className="rich-text" html={content.maintenance.text} />
    </div>
  );
}
