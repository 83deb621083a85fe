import type { AdviserCard, GeneralCard } from '../adviser-contacts';
import { initials } from '../adviser-contacts';
import { AddressBlock } from './address-block';
import { EmailLink, PhoneLink } from './contact-links';

/** The initials avatar of an adviser card (the platform holds no pictures); decorative. */
function Avatar({ name }: { name: string }) {
  return (
    <span className="adviser-avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

export function GeneralContactCard({ card }: { card: GeneralCard }) {
  return (
    <article className="contact-card" aria-labelledby="general-contact-name">
      <h2 id="general-contact-name">{card.name || 'Contact us'}</h2>
      {card.description && <p className="contact-card__role">{card.description}</p>}
      {card.address.length > 0 && (
        <address>
          {card.address.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </address>
      )}
      <ul className="contact-card__links">
        {card.phone && (
          <li>
            <span className="contact-card__label">Phone</span> <PhoneLink value={card.phone} />
          </li>
        )}
        {card.email && (
          <li>
            <span className="contact-card__label">Email</span> <EmailLink value={card.email} />
          </li>
        )}
      </ul>
      {card.openingHours && (
        <p className="contact-card__hours">
          <span className="contact-card__label">Opening hours</span> {card.openingHours}
        </p>
      )}
    </article>
  );
}

export function AdviserContactCard({ card, hideAvatar, showMapText }: { card: AdviserCard; hideAvatar: boolean; showMapText: string }) {
  const headingId = `adviser-${card.id}-name`;
  return (
    <article className="contact-card contact-card--adviser" aria-labelledby={headingId}>
      <div className="contact-card__head">
        {!hideAvatar && <Avatar name={card.name} />}
        <div>
          <h2 id={headingId}>{card.name}</h2>
          {card.role && <p className="contact-card__role">{card.role}</p>}
        </div>
      </div>
      <AddressBlock lines={card.address} showMapText={showMapText} />
      <ul className="contact-card__links">
        {card.phones.map((phone) => (
          <li key={phone.value}>
            <span className="contact-card__label">Phone</span> <PhoneLink value={phone.value} countryCode={phone.country_code} />
          </li>
        ))}
        {card.email && (
          <li>
            <span className="contact-card__label">Email</span> <EmailLink value={card.email} />
          </li>
        )}
      </ul>
    </article>
  );
}

/** The table layout of the adviser page: one row per contact. */
export function AdviserTable({
  general,
  advisers,
  hideAvatars,
  showMapText,
}: {
  general: GeneralCard | null;
  advisers: AdviserCard[];
  hideAvatars: boolean;
  showMapText: string;
}) {
  return (
    <div className="adviser-table-wrap">
      <table className="adviser-table">
        <caption className="visually-hidden">Contact details</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Address</th>
            <th scope="col">Phone</th>
            <th scope="col">Email</th>
          </tr>
        </thead>
        <tbody>
          {general && (
            <tr>
              <th scope="row">
                {general.name || 'Contact us'}
                {general.description && <span className="contact-card__role">{general.description}</span>}
                {general.openingHours && <span className="contact-card__role">{general.openingHours}</span>}
              </th>
              <td>{general.address.join(', ')}</td>
              <td>{general.phone && <PhoneLink value={general.phone} />}</td>
              <td>{general.email && <EmailLink value={general.email} />}</td>
            </tr>
          )}
          {advisers.map((card) => (
            <tr key={card.id}>
              <th scope="row">
                <span className="adviser-table__name">
                  {!hideAvatars && <Avatar name={card.name} />}
                  <span>
                    {card.name}
                    {card.role && <span className="contact-card__role">{card.role}</span>}
                  </span>
                </span>
              </th>
              <td>
                <AddressBlock lines={card.address} showMapText={showMapText} />
              </td>
              <td>
                {card.phones.map((phone) => (
                  <span key={phone.value} className="adviser-table__line">
                    <PhoneLink value={phone.value} countryCode={phone.country_code} />
                  </span>
                ))}
              </td>
              <td>{card.email && <EmailLink value={card.email} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
