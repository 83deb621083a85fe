import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClientCapabilities } from '../../../shared/api/client-capabilities';
import { useJourneyStatuses, useSetJourneyStatus } from '../../../shared/api/journey-statuses';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { setReviewInProgress } from '../../../shared/session/review-in-progress';
import { useClientScope } from '../../../shared/session/client-scope';
import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSessionAdviser } from '../../personal/api/session-adviser';
import { usePlayback, type Playback } from '../api/review-playback';
import { useReviewPages } from '../api/review-pages';
import { useRiskProfile, type RiskProfile } from '../api/risk-profile';
import { useSubmitReview } from '../api/review-submission';
import { SubmittedReview } from '../components/submitted-review';
import {
  REQUIRED_ANSWER,
  REVIEW_STATUS,
  answerOf,
  answersForPartner,
  currentPage,
  flowPages,
  hasChanges,
  initialState,
  isMidReview,
  progressOf,
  questionFor,
  reviewReducer,
  submissionBody,
  type Person,
  type ReviewPage,
  type ReviewSetup,
  type ReviewState,
} from '../review-machine';
import { clearReview, loadReview, saveReview } from '../review-storage';
import { REVIEW_TEXTS } from '../review-texts';
import '../review.css';

/**
 * Annual review (spec 3 §2.3, §4.4) at /clients/annual-review. The client section shows it only
 * while the review is InProgress or submitted (client-access.ts); a client whose review is in
 * progress goes through it, one whose review was submitted, and an adviser with the client in
 * context, see the submitted review read-only.
 */
export default function AnnualReviewPage() {
  usePageTitle(REVIEW_TEXTS.pageTitle);
  const scope = useClientScope();
  const statuses = useJourneyStatuses(scope?.entityId ?? null);
  // The status when the page opened decides the view: submitting changes it, and the flow must
  // then stay on its completion page.
  const [submittedAtOpen, setSubmittedAtOpen] = useState<boolean | null>(null);
  const status = statuses.data?.reviewStatus ?? null;
  if (submittedAtOpen === null && statuses.data) {
    setSubmittedAtOpen(status === REVIEW_STATUS.ChangesReported || status === REVIEW_STATUS.NoChangesReported);
  }
  if (!scope) return null;
  if (scope.readOnly || submittedAtOpen === true) {
    return (
      <div className="page-card annual-review">
        <SubmittedReview entityId={scope.entityId} />
      </div>
    );
  }
  if (statuses.isError) return <LoadFailed />;
  if (submittedAtOpen === null || !statuses.data) return <InlineLoading label={REVIEW_TEXTS.loading} />;
  return <ClientReview entityId={scope.entityId} partnerId={statuses.data.partnerEntityId} />;
}

function LoadFailed() {
  return (
    <div className="page-card annual-review">
      <h1>{REVIEW_TEXTS.pageTitle}</h1>
      <Notice kind="error">{REVIEW_TEXTS.loadFailed}</Notice>
    </div>
  );
}

/** Loads what the flow needs: the pages, the capabilities and the partner's review status. */
function ClientReview({ entityId, partnerId }: { entityId: number; partnerId: number | null }) {
  const pages = useReviewPages();
  const capabilities = useClientCapabilities(entityId);
  const viewPartner = capabilities.data?.view_partner === true;
  const partnerStatuses = useJourneyStatuses(viewPartner ? partnerId : null);
  const playback = usePlayback(entityId);
  if (pages.isError || capabilities.isError || playback.isError) return <LoadFailed />;
  const partnerPending = viewPartner && partnerId !== null && partnerStatuses.isPending && !partnerStatuses.isError;
  if (pages.isPending || capabilities.isPending || playback.isPending || partnerPending) return <InlineLoading label={REVIEW_TEXTS.loading} />;
  // Spec 3 §4.4: the switch only with view_partner and the partner's review in progress.
  const partnerSwitch = viewPartner && partnerId !== null && partnerStatuses.data?.reviewStatus === REVIEW_STATUS.InProgress;
  return <ReviewFlow entityId={entityId} partnerId={partnerId} pages={pages.data} partnerSwitch={partnerSwitch} playback={playback.data} />;
}

interface FlowProps {
  entityId: number;
  partnerId: number | null;
  pages: ReviewPage[];
  partnerSwitch: boolean;
  playback: Playback;
}

function restored(entityId: number, setup: ReviewSetup): ReviewState {
  const saved = loadReview(entityId);
  if (!saved) return initialState();
  const last = flowPages(setup.pages).findIndex((p) => p.type === 'submission');
  const step = Math.max(0, Math.min(saved.step, last >= 0 ? last : 0));
  return { ...initialState(), ...saved, step };
}

function ReviewFlow({ entityId, partnerId, pages, partnerSwitch, playback }: FlowProps) {
  const { settings } = useSiteConfig();
  const navigate = useNavigate();
  const setup = useMemo<ReviewSetup>(() => ({ pages, partnerSwitch }), [pages, partnerSwitch]);
  const [state, dispatch] = useReducer(
    (s: ReviewState, e: Parameters<typeof reviewReducer>[2]) => reviewReducer(setup, s, e),
    undefined,
    () => restored(entityId, setup),
  );
  const submit = useSubmitReview(entityId);
  const setStatus = useSetJourneyStatus(entityId);
  const [speakFailed, setSpeakFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const page = currentPage(setup, state);
  const forPartner = answersForPartner(setup, state);
  const clientRisk = useRiskProfile(entityId);
  const partnerRisk = useRiskProfile(forPartner ? partnerId : null);
  const finishUrl = (settings.review?.finishUrl as string | undefined) ?? `/${settings.clientBaseSegment}/`;

  // Answers are saved as they are given, so Previous and a reload restore them.
  useEffect(() => {
    if (state.phase === 'answering') saveReview(entityId, state);
  }, [entityId, state]);

  // The leave-page warning and the logout confirmation, during the questions only (spec 3 §4.4).
  const mid = isMidReview(setup, state);
  useEffect(() => {
    setReviewInProgress(mid);
    if (!mid) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [mid]);
  useEffect(() => () => setReviewInProgress(false), []);

  // A new page, or a refused Start or Next, moves focus to the heading (spec 3 §5).
  useEffect(() => {
    headingRef.current?.focus();
  }, [state.step, state.error, state.phase]);

  const speakToAdviser = () => {
    setSpeakFailed(false);
    setStatus.mutate(
      { review: 3 },
      {
        onSuccess: () => {
          clearReview(entityId);
          dispatch({ type: 'spoke-to-adviser' });
        },
        onError: () => setSpeakFailed(true),
      },
    );
  };

  const send = () => {
    if (state.phase === 'submitting') return;
    dispatch({ type: 'submitting' });
    const body = submissionBody(setup, state, {
      id: entityId,
      name: '',
      partnerId,
      clientRiskEmpty: clientRisk.data?.isEmpty ?? false,
      partnerRiskEmpty: partnerRisk.data?.isEmpty ?? false,
    });
    submit.mutate(body, {
      onSuccess: () => {
        clearReview(entityId);
        dispatch({ type: 'submitted', ok: true });
      },
      // The answers stay saved: nothing is lost, and the client can tell the adviser.
      onError: () => dispatch({ type: 'submitted', ok: false }),
    });
  };

  if (!page) return <LoadFailed />;
  const heading = (
    <h1 ref={headingRef} tabIndex={-1}>
      {page.heading}
    </h1>
  );

  if (state.phase === 'spoke-to-adviser') {
    return (
      <div className="page-card annual-review">
        {heading}
        <p role="status">{page.speakToAdviserConfirmation || REVIEW_TEXTS.spokeToAdviser}</p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => navigate(finishUrl)}>
            {REVIEW_TEXTS.finish}
          </button>
        </div>
      </div>
    );
  }

  if (page.type === 'introduction') {
    return (
      <div className="page-card annual-review">
        {heading}
        {page.secondaryHeading && <p className="annual-review__secondary">{page.secondaryHeading}</p>}
        {page.introductionText && <SanitizedHtml className="annual-review__intro" html={page.introductionText} />}
        {partnerSwitch && (
          <YesNo
            name="review-partner"
            legend={REVIEW_TEXTS.partnerSwitch}
            value={state.includePartner}
            error={state.error}
            onChange={(value) => dispatch({ type: 'choose-partner', value })}
          />
        )}
        {state.error && !partnerSwitch && <Notice kind="error">{state.error}</Notice>}
        {speakFailed && <Notice kind="error">{REVIEW_TEXTS.speakFailed}</Notice>}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => dispatch({ type: 'start' })}>
            {REVIEW_TEXTS.start}
          </button>
          <button type="button" className="link-button" disabled={setStatus.isPending} onClick={speakToAdviser}>
            {REVIEW_TEXTS.speakToAdviser}
          </button>
        </div>
      </div>
    );
  }

  if (page.type === 'completion') {
    return (
      <div className="page-card annual-review">
        {heading}
        {state.phase === 'failed' ? (
          <Notice kind="error">
            <p>{page.errorText || REVIEW_TEXTS.submitFailed}</p>
            <p>{REVIEW_TEXTS.contactAdviser}</p>
          </Notice>
        ) : (
          <p role="status">{page.successText}</p>
        )}
        {page.displayAdviserDetail && <AdviserDetail header={page.adviserDetailsHeader} />}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => navigate(finishUrl)}>
            {REVIEW_TEXTS.finish}
          </button>
        </div>
      </div>
    );
  }

  const progress = progressOf(setup, state);
  const progressBar = (
    <div className="annual-review__progress" role="progressbar" aria-label={REVIEW_TEXTS.progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress)}>
      <div className="annual-review__progress-fill" style={{ width: `${progress}%` }} />
    </div>
  );

  if (page.type === 'submission') {
    const changes = hasChanges(setup, state);
    return (
      <div className="page-card annual-review">
        {progressBar}
        {heading}
        <p>{changes ? page.changesText : page.noChangesText}</p>
        <div className="form-actions">
          <button type="button" className="button button--secondary" disabled={state.phase === 'submitting'} onClick={() => dispatch({ type: 'previous' })}>
            {REVIEW_TEXTS.previous}
          </button>
          <button type="button" className="button" disabled={state.phase === 'submitting'} onClick={send}>
            {state.phase === 'submitting' ? REVIEW_TEXTS.submitting : REVIEW_TEXTS.submit}
          </button>
        </div>
      </div>
    );
  }

  // A question page: question, risk or a playback page.
  const people: Person[] = forPartner ? ['client', 'partner'] : ['client'];
  const riskOf = (person: Person) => (person === 'client' ? clientRisk.data : partnerRisk.data);
  return (
    <div className="page-card annual-review">
      {progressBar}
      {heading}
      {page.secondaryHeading && <p className="annual-review__secondary">{page.secondaryHeading}</p>}
      {page.type === 'risk' && people.map((person) => <RiskBlock key={person} person={person} profile={riskOf(person)} partnerName={playback.partnerName} both={forPartner} />)}
      {(page.type === 'contactDetailsQuestion' || page.type === 'personalDetailsQuestion') && (
        <PlaybackTable page={page} playback={playback} withPartner={forPartner} />
      )}
      {people.map((person) => {
        const answer = answerOf(state, page.order, person);
        const question = questionFor(page, person, riskOf(person)?.isEmpty ?? false);
        const name = `review-${page.order}-${person}`;
        const missing = state.error !== null && answer.response === null;
        return (
          <div key={person} className="annual-review__question">
            <YesNo
              name={name}
              legend={question}
              label={forPartner ? (person === 'client' ? REVIEW_TEXTS.forYou : REVIEW_TEXTS.forPartner(playback.partnerName)) : undefined}
              hint={person === 'client' ? page.hint : undefined}
              value={answer.response}
              error={missing ? REQUIRED_ANSWER : null}
              onChange={(response) => dispatch({ type: 'answer', person, response })}
            />
            {answer.response === true && page.showAdditionalInformation && (
              <div className="field">
                <label htmlFor={`${name}-changes`}>{REVIEW_TEXTS.additionalInformation}</label>
                <textarea
                  id={`${name}-changes`}
                  rows={4}
                  maxLength={4000}
                  value={answer.additionalText}
                  onChange={(event) => dispatch({ type: 'describe', person, text: event.target.value })}
                />
              </div>
            )}
          </div>
        );
      })}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'previous' })}>
          {REVIEW_TEXTS.previous}
        </button>
        <button type="button" className="button" onClick={() => dispatch({ type: 'next' })}>
          {REVIEW_TEXTS.next}
        </button>
      </div>
    </div>
  );
}

interface YesNoProps {
  name: string;
  legend: string;
  label?: string;
  hint?: string;
  value: boolean | null;
  error: string | null;
  onChange(value: boolean): void;
}

/** A Yes/No question as a radio group; its hint under the question, its error announced. */
function YesNo({ name, legend, label, hint, value, error, onChange }: YesNoProps) {
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="annual-review__yes-no" aria-describedby={described} aria-invalid={error ? true : undefined}>
      <legend>
        {label && <span className="annual-review__who">{label}</span>}
        {legend}
      </legend>
      {hint && (
        <p className="field__hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      <div className="annual-review__choices">
        {[true, false].map((choice) => (
          <label key={String(choice)} className="annual-review__choice">
            <input type="radio" name={name} checked={value === choice} onChange={() => onChange(choice)} />
            {choice ? REVIEW_TEXTS.yes : REVIEW_TEXTS.no}
          </label>
        ))}
      </div>
      <div aria-live="polite">
        {error && (
          <p className="field__error" id={`${name}-error`}>
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}

function RiskBlock({ person, profile, partnerName, both }: { person: Person; profile: RiskProfile | undefined; partnerName: string; both: boolean }) {
  if (!profile) return <InlineLoading label={REVIEW_TEXTS.loading} />;
  if (profile.isEmpty) return null;
  return (
    <section className="annual-review__risk" aria-label={person === 'client' ? REVIEW_TEXTS.you : partnerName || REVIEW_TEXTS.yourPartner}>
      {both && <h2>{person === 'client' ? REVIEW_TEXTS.you : partnerName || REVIEW_TEXTS.yourPartner}</h2>}
      <p className="annual-review__rating">{REVIEW_TEXTS.riskRating(profile.index, profile.name)}</p>
      <SanitizedHtml className="annual-review__risk-text" html={profile.description} allowedTags={RISK_TAGS} />
    </section>
  );
}

/** What a risk description may hold, as the server's policy (review.DescriptionPolicy). */
const RISK_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li'];

const PHONE_FIELDS = new Set(['preferred_phone']);

/** A playback value: 'None supplied' when empty, one line per line, phones as tap-to-call links. */
export function PlaybackCell({ fieldName, value }: { fieldName: string; value: string | null }) {
  if (!value || !value.trim()) return <span className="annual-review__none">{REVIEW_TEXTS.noneSupplied}</span>;
  const lines = value.split('\n').filter((l) => l.trim() !== '');
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className="annual-review__line">
          {PHONE_FIELDS.has(fieldName) ? <a href={`tel:${line.replace(/[^\d+]/g, '')}`}>{line}</a> : line}
        </span>
      ))}
    </>
  );
}

function PlaybackTable({ page, playback, withPartner }: { page: ReviewPage; playback: Playback; withPartner: boolean }) {
  const fields = (page.fields ?? []).filter((f) => f.enabled);
  const partnerColumn = withPartner && playback.partnerId !== null;
  return (
    <table className="annual-review__playback">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{REVIEW_TEXTS.detail}</span>
          </th>
          <th scope="col">{REVIEW_TEXTS.you}</th>
          {partnerColumn && <th scope="col">{REVIEW_TEXTS.yourPartner}</th>}
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => {
          const v = playback.values.find((x) => x.fieldName === f.fieldName);
          return (
            <tr key={f.fieldName}>
              <th scope="row">{f.description}</th>
              <td data-label={REVIEW_TEXTS.you}>
                <PlaybackCell fieldName={f.fieldName} value={v?.clientValue ?? null} />
              </td>
              {partnerColumn && (
                <td data-label={REVIEW_TEXTS.yourPartner}>
                  <PlaybackCell fieldName={f.fieldName} value={v?.partnerValue ?? null} />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The completion page's adviser contact details (displayAdviserDetail). */
function AdviserDetail({ header }: { header?: string }) {
  const adviser = useSessionAdviser(null);
  if (!adviser.data) return null;
  const a = adviser.data;
  return (
    <section className="annual-review__adviser" aria-label={header || a.adviser_name}>
      {header && <h2>{header}</h2>}
      <p className="annual-review__adviser-name">{a.adviser_name}</p>
      {a.workPhone.map((p) => (
        <p key={p.value}>
          <a href={`tel:${p.value.replace(/[^\d+]/g, '')}`}>{p.value}</a>
        </p>
      ))}
      {a.workEmail && (
        <p>
          <a href={`mailto:${a.workEmail}`}>{a.workEmail}</a>
        </p>
      )}
    </section>
  );
}

