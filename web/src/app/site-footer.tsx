import { Link } from 'react-router-dom';
import { useSiteConfig } from '../shared/config/site-config-context';
import { ConfigHtml } from '../shared/ui/config-html';
import { textPagePath } from '../features/core/text-page-paths';

/**
 * Logo, copyright HTML (sanitised by the portal when it serves the site configuration), text-page links and the site terms. Hidden in the mobile app.
 * `inMain`: inside the signed-in shell the footer scrolls with the page, in IonContent, which is
 * the main landmark; a contentinfo landmark may not sit in main, so there it is a plain block.
 */
export function SiteFooter({ inMain = false }: { inMain?: boolean }) {
  const Root = inMain ? 'div' : 'footer';
  const { content, branding, settings } = useSiteConfig();
  const pages = content.textPages.filter((page) => page.showInFooter !== false);
  return (
    <Root className="site-footer">
      <div className="site-footer__inner">
        <img src={branding.logo} alt={branding.logoAlt || settings.firmName} width="220" height="48" />
        <nav aria-label="Legal and help">
          <ul>
            {pages.map((page) => (
              <li key={page.segment}>
                <Link to={textPagePath(page.segment)}>{page.linkLabel ?? page.heading}</Link>
              </li>
            ))}
            <li>
              <Link to={`/${settings.siteTermsPath}`}>{content.siteTerms.heading}</Link>
            </li>
          </ul>
        </nav>
        <ConfigHtml className="site-footer__copyright" html={content.footerCopyright} />
      </div>
    </Root>
  );
}
