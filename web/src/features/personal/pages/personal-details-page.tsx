import { Link } from 'react-router-dom';
import { useFeatureToggles } from '../../../shared/api/feature-toggles';
import { isEnabled } from '../../../shared/config/feature-toggles';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useClientScope } from '../../../shared/session/client-scope';
import { LoadError } from '../../../shared/ui/load-error';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ADDRESS_TYPE, addressLines, currentAddress } from '../address-layout';
import { useClientAddresses } from '../api/client-addresses';
import { useClientContacts } from '../api/client-contacts';
import { usePersonalDetails } from '../api/personal-details';
import { EmailLink, PhoneLink } from '../components/contact-links';
import { DetailList } from '../components/detail-list';
import { countryName, emailAddress, formatDateOfBirth, phoneRows } from '../personal-format';
import { personalSettings } from '../personal-settings';
import { PERSONAL_TEXTS as T } from '../personal-texts';
import '../personal.css';

/**
 * Personal details (spec 2 §2.7), read-only: the client's names, date of birth and country of
 * birth, tap-to-call phones and email, the residential and postal addresses in the region's
 * layout, and the panel that sends the client to their adviser to change any of it. An adviser
 * with the client in context sees the same details, with the panel but without its button.
 */
export default function PersonalDetailsPage() {
  usePageTitle(T.personalDetailsHeading);
  const site = useSiteConfig();
  const scope = useClientScope();
  const toggles = useFeatureToggles();
  const clientId = scope?.entityId ?? null;
  const details = usePersonalDetails(clientId);
  const contacts = useClientContacts(clientId);
  const addresses = useClientAddresses(clientId);
  if (!scope) return null;

  const settings = personalSettings(site);
  const multiCurrency = isEnabled(toggles, 'multi-currency') || isEnabled(toggles, 'use-multi-currency');
  const failed = [details, contacts, addresses].find((q) => q.isError);
  const retry = () => void Promise.all([details.refetch(), contacts.refetch(), addresses.refetch()]);

  let body;
  if (failed) body = <LoadError error={failed.error} onRetry={retry} />;
  else if (!details.data || !contacts.data || !addresses.data) body = <InlineLoading label="Loading your details" />;
  else {
    const d = details.data;
    const region = d.region || scope.region;
    const email = emailAddress(d.email, contacts.data);
    const residential = addressLines(currentAddress(addresses.data, ADDRESS_TYPE.residential), region);
    const postal = addressLines(currentAddress(addresses.data, ADDRESS_TYPE.postal), region);
    body = (
      <>
        <DetailList
          rows={[
            { label: 'Title', value: d.title },
            { label: 'First name', value: d.firstName },
            { label: 'Middle name(s)', value: d.middleName },
            { label: 'Surname', value: d.lastName },
            { label: 'Date of birth', value: formatDateOfBirth(d.dob, scope.locale) },
            { label: 'Country of birth', value: countryName(d.countryOfBirth) },
            { label: T.summaryCurrency, value: multiCurrency ? d.preferredCurrency : '' },
          ]}
        />
        <section aria-labelledby="personal-contact" className="personal-section">
          <h2 id="personal-contact">{T.contact}</h2>
          <DetailList
            rows={[
              ...phoneRows(contacts.data).map((phone) => ({ label: phone.label, value: <PhoneLink value={phone.value} countryCode={phone.countryCode} /> })),
              { label: 'Email address', value: email ? <EmailLink value={email} /> : '' },
            ]}
          />
        </section>
        {residential.length > 0 && (
          <section aria-labelledby="personal-residential" className="personal-section">
            <h2 id="personal-residential">{T.residentialAddress}</h2>
            <DetailList rows={residential} />
          </section>
        )}
        {postal.length > 0 && (
          <section aria-labelledby="personal-postal" className="personal-section">
            <h2 id="personal-postal">{T.postalAddress}</h2>
            <DetailList rows={postal} />
          </section>
        )}
      </>
    );
  }

  const composePath = `/${site.settings.clientBaseSegment}/${site.settings.clientSegments['documents-and-messages']}/?compose=true`;
  return (
    <div className="page-card personal-page">
      <h1>{T.personalDetailsHeading}</h1>
      {body}
      {settings.showContactAdviserPanel && (
        <aside className="update-panel" aria-label="Updating your details">
          <p>{T.updatePanel}</p>
          {!scope.readOnly && !settings.oneWayMessaging && (
            <Link className="button" to={composePath}>
              {T.contactAdviser}
            </Link>
          )}
        </aside>
      )}
    </div>
  );
}
