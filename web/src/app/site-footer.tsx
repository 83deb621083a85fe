import { Link } from 'react-router-dom';
import { useSiteConfig } from '../shared/config/site-config-context';
import { LazySanitizedHtml } from '../shared/ui/lazy-sanitized-html';

/** Logo, sanitised copyright HTML, text-page links and the site terms. Hidden in the mobile app. */
export function SiteFooter() {
  const { content, branding, settings } = useSiteConfig();
  const pages = content.textPages.filter((page) => page.showInFooter !== false);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <img src={branding.logo} alt={branding.logoAlt || settings.firmName} width="183" height="40" />
        <nav aria-label="Legal and help">
          <ul>
            {pages.map((page) => (
              <li key={page.segment}>
                <Link to={`/${page.segment}`}>{page.linkLabel ?? page.heading}</Link>
              </li>
            ))}
            <li>
              <Link to={`/${settings.siteTermsPath}`}>{content.siteTerms.heading}</Link>
            </li>
          </ul>
        </nav>
        <LazySanitizedHtml className="site-footer__copyright" html={content.footerCopyright} />
      </div>
    </footer>
  );
}
