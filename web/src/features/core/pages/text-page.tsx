import { useSiteConfig } from '../../../shared/config/site-config-context';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { BackLink } from '../components/back-link';

export const UNKNOWN_PAGE_HEADING = 'Unknown page';
export const UNKNOWN_PAGE_TEXT = 'Unable to locate the text for this page.';

/** A configured text page (privacy, accessibility...): heading, sanitised HTML, Back link. */
export default function TextPage({ segment }: { segment: string }) {
  const { content, settings } = useSiteConfig();
  const isTerms = segment === settings.siteTermsPath;
  const page = isTerms
    ? { heading: content.siteTerms.heading, content: content.siteTerms.disclaimer }
    : content.textPages.find((candidate) => candidate.segment === segment);
  usePageTitle(page?.heading ?? UNKNOWN_PAGE_HEADING);
  return (
    <div className="page-card">
      <BackLink />
      <h1>{page?.heading ?? UNKNOWN_PAGE_HEADING}</h1>
      {page ? <SanitizedHtml className="rich-text" html={page.content} /> : <p>{UNKNOWN_PAGE_TEXT}</p>}
    </div>
  );
}
