import { Link } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useClientScope } from '../../../shared/session/client-scope';
import { LoadError } from '../../../shared/ui/load-error';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { adviserPageContent } from '../adviser-contacts';
import { useSessionAdviser } from '../api/session-adviser';
import { AdviserContactCard, AdviserTable, GeneralContactCard } from '../components/adviser-cards';
import { adviserPageSettings } from '../personal-settings';
import '../personal.css';

/**
 * The adviser contact page (spec 2 §2.9): an optional introduction, the firm's general contact
 * card and the client's adviser (contactDetailsType chooses which), as cards or a table, then
 * 'Important information' with the policy links and the copyright. Contacts without a work
 * email, phone or address are left out; with none left the page says so.
 */
export default function AdviserDetailsPage() {
  const site = useSiteConfig();
  const settings = adviserPageSettings(site);
  usePageTitle(settings.pageHeading);
  const scope = useClientScope();
  const wantsAdviser = settings.contactDetailsType !== 'general';
  const adviser = useSessionAdviser(scope?.readOnly ? scope.entityId : null, scope !== null && wantsAdviser);
  if (!scope) return null;

  let body;
  if (wantsAdviser && adviser.isError) body = <LoadError error={adviser.error} onRetry={() => void adviser.refetch()} />;
  else if (wantsAdviser && adviser.isPending) body = <InlineLoading label="Loading your adviser’s details" />;
  else {
    const content = adviserPageContent(settings.contactDetailsType, settings.general, adviser.data ? [adviser.data] : []);
    if (content.empty) body = <p className="personal-note">{settings.noAdviserText}</p>;
    else if (settings.layout === 'table')
      body = <AdviserTable general={content.general} advisers={content.advisers} hideAvatars={settings.hideAvatars} showMapText={settings.showMapText} />;
    else
      body = (
        <div className="contact-cards">
          {content.general && <GeneralContactCard card={content.general} />}
          {content.advisers.map((card) => (
            <AdviserContactCard key={card.id} card={card} hideAvatar={settings.hideAvatars} showMapText={settings.showMapText} />
          ))}
        </div>
      );
  }

  const important = settings.importantInformation;
  return (
    <div className="page-card personal-page adviser-page">
      <h1>{settings.pageHeading}</h1>
      {settings.introductionText && <SanitizedHtml className="rich-text adviser-page__intro" html={settings.introductionText} />}
      {body}
      {(important.links.length > 0 || important.copyright) && (
        <section className="important-information" aria-labelledby="important-information">
          <h2 id="important-information">{important.heading}</h2>
          {important.links.length > 0 && (
            <ul className="important-information__links">
              {important.links.map((link) => (
                <li key={link.href}>
                  {/^\/(?!\/)/.test(link.href) ? (
                    <Link to={link.href}>{link.label}</Link>
                  ) : (
                    <a href={link.href} target="_blank" rel="noopener noreferrer">
                      {link.label}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
          {important.copyright && <SanitizedHtml className="important-information__copyright" html={important.copyright} />}
        </section>
      )}
    </div>
  );
}
