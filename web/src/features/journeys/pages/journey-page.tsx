import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useJourneyStatuses, useSetJourneyStatus } from '../../../shared/api/journey-statuses';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useSession } from '../../../shared/session/session-context';
import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { notificationsConfig, speakToAdviserChange, statusChangeError, updatedStore } from '../../notifications';
import { JOURNEY_STATUS_TEXTS, JOURNEY_TEXTS, journeyActions, journeyStatus, type JourneyType } from '../journey-rules';
import '../journeys.css';

/** Opens the firm's journey (its own site): a seam for tests. */
export type OpenJourney = (url: string) => void;

const openInThisTab: OpenJourney = (url) => window.location.assign(url);

interface Props {
  type: JourneyType;
  openJourney?: OpenJourney;
}

/**
 * A journey's page (spec 3 §2.3, §4.3): fact find, automated personal advice or robo advice,
 * for the signed-in client: what it is (the firm's texts), where it stands, and its actions:
 * start or continue (a robo journey is then 'none' and the firm's journey opens), speak to
 * adviser (with the firm's confirmation), and for a robo journey no thanks ('declined').
 */
export default function JourneyPage({ type, openJourney = openInThisTab }: Props) {
  const site = useSiteConfig();
  const { user } = useSession();
  const config = notificationsConfig(site);
  const item = config.items.find((i) => i.type === type);
  const journey = config.journeys[type];
  const heading = journey?.heading ?? item?.header ?? 'Not available';
  usePageTitle(heading);
  const entityId = user?.entity_id ?? null;
  const statuses = useJourneyStatuses(entityId);
  const setStatus = useSetJourneyStatus(entityId);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const homePath = `/${site.settings.clientBaseSegment}/`;

  if (!item || !journey) {
    return (
      <div className="page-card journey-page">
        <h1>{heading}</h1>
        <p>{JOURNEY_STATUS_TEXTS.none}</p>
        <Link to={homePath}>{JOURNEY_TEXTS.back}</Link>
      </div>
    );
  }
  if (statuses.isPending) return <InlineLoading label="Loading your journey" />;

  const status = statuses.data ? journeyStatus(type, statuses.data) : 'none';
  const actions = journeyActions(status);
  const change = async (next: Parameters<typeof setStatus.mutateAsync>[0]) => {
    setError(null);
    try {
      await setStatus.mutateAsync(next);
    } catch (failure) {
      // Said beside the buttons; the page stays as it was.
      setError(statusChangeError(failure));
      return false;
    }
    if (entityId !== null) updatedStore.set(entityId);
    return true;
  };
  const start = async () => {
    if (!journey.journeyUrl) return;
    // Starting a robo journey ends the portal's prompt ('none', spec 3 §4.3); the firm's journey takes over.
    if (type !== 'factFind' && !(await change({ robo: 'none' }))) return;
    openJourney(journey.journeyUrl);
  };
  const speakToAdviser = async () => {
    if (await change(speakToAdviserChange(item))) setOutcome(item.speakToAdviserConfirmationText);
  };
  const decline = async () => {
    if (await change({ robo: 'declined' })) setOutcome(JOURNEY_TEXTS.declined);
  };

  return (
    <div className="page-card journey-page">
      <h1>{heading}</h1>
      {journey.description.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p className="journey-page__status">
        <strong>{JOURNEY_TEXTS.statusLabel}:</strong> <span data-status={status}>{JOURNEY_STATUS_TEXTS[status]}</span>
      </p>
      {statuses.isError && <Notice kind="error">Your journey's status could not be loaded. Please try again later.</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      {outcome ? (
        <div role="status" className="journey-page__outcome">
          <p>{outcome}</p>
          <Link className="button" to={homePath}>
            {JOURNEY_TEXTS.back}
          </Link>
        </div>
      ) : (
        <div className="journey-page__actions">
          {actions.start && journey.journeyUrl && (
            <button type="button" className="button" disabled={setStatus.isPending} onClick={() => void start()}>
              {actions.start === 'continue' ? JOURNEY_TEXTS.continue : item.actionButtonText}
            </button>
          )}
          {actions.speakToAdviser && (
            <button type="button" className="button button--secondary" disabled={setStatus.isPending} onClick={() => void speakToAdviser()}>
              {item.speakToAdviserButtonText}
            </button>
          )}
          {actions.decline && (
            <button type="button" className="link-button" disabled={setStatus.isPending} onClick={() => void decline()}>
              {JOURNEY_TEXTS.decline}
            </button>
          )}
          <Link to={homePath}>{JOURNEY_TEXTS.back}</Link>
        </div>
      )}
    </div>
  );
}
