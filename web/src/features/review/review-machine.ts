/**
 * The annual review's flow (spec 3 §2.3, §4.4, §5, §9) as plain functions: which page shows, the
 * answers given, the required-answer rule, the progress bar and the statuses a submission sets.
 * The page (pages/annual-review-page.tsx) renders the state and sends the events.
 */

/** Page types of a review (spec 3 §2.3). */
export type PageType =
  | 'introduction'
  | 'question'
  | 'risk'
  | 'contactDetailsQuestion'
  | 'personalDetailsQuestion'
  | 'submission'
  | 'completion';

export interface ReviewField {
  fieldName: string;
  description: string;
  enabled: boolean;
}

/** One page of the firm's review definition (spec 3 §3.3). */
export interface ReviewPage {
  type: PageType;
  order: number;
  heading: string;
  secondaryHeading?: string;
  introductionText?: string;
  speakToAdviserConfirmation?: string;
  clientQuestion?: string;
  partnerQuestion?: string;
  alternateClientQuestion?: string;
  alternatePartnerQuestion?: string;
  showAdditionalInformation?: boolean;
  hint?: string;
  fields?: ReviewField[];
  changesText?: string;
  noChangesText?: string;
  clientAccess?: boolean;
  successText?: string;
  errorText?: string;
  displayAdviserDetail?: boolean;
  adviserDetailsHeader?: string;
}

/** Review statuses (spec 3 §3.3). */
export const REVIEW_STATUS = { None: 1, InProgress: 2, FollowUpRequired: 3, ChangesReported: 4, NoChangesReported: 5 } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

export const REQUIRED_ANSWER = 'This question requires an answer';

export type Person = 'client' | 'partner';

export interface Answer {
  response: boolean | null;
  additionalText: string;
}

export interface ReviewState {
  /** Index into the flow's pages (flowPages): 0 is the introduction. */
  step: number;
  /** Answering for the partner: null until chosen (only asked when the switch shows). */
  includePartner: boolean | null;
  /** Answers by page order. */
  answers: Record<number, { client: Answer; partner: Answer }>;
  /** The required-answer error of the current page, if any. */
  error: string | null;
  phase: 'answering' | 'submitting' | 'submitted' | 'failed' | 'spoke-to-adviser';
}

export type ReviewEvent =
  | { type: 'choose-partner'; value: boolean }
  | { type: 'start' }
  | { type: 'answer'; person: Person; response: boolean }
  | { type: 'describe'; person: Person; text: string }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'submitting' }
  | { type: 'submitted'; ok: boolean }
  | { type: 'spoke-to-adviser' };

/** What the flow knows besides its state: the pages and whether the partner switch shows. */
export interface ReviewSetup {
  pages: readonly ReviewPage[];
  /** view_partner and the partner's review InProgress (spec 3 §4.4). */
  partnerSwitch: boolean;
}

export const isQuestion = (page: ReviewPage | undefined): boolean =>
  !!page && (page.type === 'question' || page.type === 'risk' || page.type === 'contactDetailsQuestion' || page.type === 'personalDetailsQuestion');

/**
 * The pages a client goes through, in order: the introduction, the question pages, the
 * submission and the completion; pages the firm keeps from clients (clientAccess false) are left out.
 */
export function flowPages(pages: readonly ReviewPage[]): ReviewPage[] {
  const visible = pages.filter((p) => p.clientAccess !== false).sort((a, b) => a.order - b.order);
  const rank = (p: ReviewPage) => (p.type === 'introduction' ? 0 : isQuestion(p) ? 1 : p.type === 'submission' ? 2 : 3);
  return [...visible].sort((a, b) => rank(a) - rank(b) || a.order - b.order);
}

export const questionPages = (pages: readonly ReviewPage[]) => flowPages(pages).filter(isQuestion);

const blank = (): Answer => ({ response: null, additionalText: '' });

export function initialState(): ReviewState {
  return { step: 0, includePartner: null, answers: {}, error: null, phase: 'answering' };
}

export function currentPage(setup: ReviewSetup, state: ReviewState): ReviewPage | undefined {
  return flowPages(setup.pages)[state.step];
}

/** Whether the partner is answered for: chosen Yes while the switch shows (otherwise No, spec 3 §4.4). */
export const answersForPartner = (setup: ReviewSetup, state: ReviewState) => setup.partnerSwitch && state.includePartner === true;

export function answerOf(state: ReviewState, order: number, person: Person): Answer {
  return state.answers[order]?.[person] ?? blank();
}

/** Whether the page has every answer it needs: the client's, and the partner's when answered for. */
export function isAnswered(setup: ReviewSetup, state: ReviewState, page: ReviewPage): boolean {
  if (answerOf(state, page.order, 'client').response === null) return false;
  return !answersForPartner(setup, state) || answerOf(state, page.order, 'partner').response !== null;
}

export function reviewReducer(setup: ReviewSetup, state: ReviewState, event: ReviewEvent): ReviewState {
  const pages = flowPages(setup.pages);
  const page = pages[state.step];
  switch (event.type) {
    case 'choose-partner':
      return { ...state, includePartner: event.value, error: null };
    case 'start':
      // Spec 3 §5: with the switch shown and nothing chosen, Start shows the required error;
      // without it, Start proceeds with No.
      if (setup.partnerSwitch && state.includePartner === null) return { ...state, error: REQUIRED_ANSWER };
      return { ...state, includePartner: setup.partnerSwitch ? state.includePartner : false, step: Math.min(1, pages.length - 1), error: null };
    case 'answer':
    case 'describe': {
      if (!isQuestion(page) || !page) return state;
      const prior = state.answers[page.order] ?? { client: blank(), partner: blank() };
      const mine = prior[event.person];
      const next = event.type === 'answer' ? { ...mine, response: event.response } : { ...mine, additionalText: event.text };
      const answers = { ...state.answers, [page.order]: { ...prior, [event.person]: next } };
      const updated = { ...state, answers };
      return { ...updated, error: state.error && isAnswered(setup, updated, page) ? null : state.error };
    }
    case 'next':
      if (isQuestion(page) && page && !isAnswered(setup, state, page)) return { ...state, error: REQUIRED_ANSWER };
      return { ...state, step: Math.min(state.step + 1, pages.length - 1), error: null };
    case 'previous':
      return { ...state, step: Math.max(state.step - 1, 0), error: null };
    case 'submitting':
      return { ...state, phase: 'submitting' };
    case 'submitted': {
      const completion = pages.findIndex((p) => p.type === 'completion');
      return { ...state, phase: event.ok ? 'submitted' : 'failed', step: completion >= 0 ? completion : state.step };
    }
    case 'spoke-to-adviser':
      return { ...state, phase: 'spoke-to-adviser' };
  }
}

/**
 * The progress bar (spec 3 §4.4, §9): on arrival at question n of q, (n-1)/q*100; once it is
 * answered, n/q*100; 100 on the submission page; 0 anywhere else. n counts the question pages a
 * client sees, so a firm's gaps in its page orders do not stall the bar.
 */
export function progressOf(setup: ReviewSetup, state: ReviewState): number {
  const page = currentPage(setup, state);
  if (!page) return 0;
  if (page.type === 'submission') return 100;
  if (!isQuestion(page)) return 0;
  const questions = questionPages(setup.pages);
  const n = questions.findIndex((p) => p.order === page.order) + 1;
  const done = isAnswered(setup, state, page) ? n : n - 1;
  return (done / questions.length) * 100;
}

/** Spec 3 §4.4: ChangesReported when any response is Yes, else NoChangesReported. */
export function statusOf(responses: readonly { response: boolean | null }[]): ReviewStatus {
  return responses.some((r) => r.response === true) ? REVIEW_STATUS.ChangesReported : REVIEW_STATUS.NoChangesReported;
}

export interface SubmissionResponse {
  id: number;
  question: string;
  response: boolean;
  additionalText: string;
}

/** The body of the submission (spec 3 §3.3: id, name, partnerId, responses, status), the partner's answers beside. */
export interface SubmissionBody {
  id: number;
  name: string;
  partnerId: number | null;
  responses: SubmissionResponse[];
  status: ReviewStatus;
  partnerResponses?: SubmissionResponse[];
  partnerStatus?: ReviewStatus;
}

/** The question a person is asked on a page (the alternate one on a risk page with an empty profile). */
export function questionFor(page: ReviewPage, person: Person, riskProfileEmpty: boolean): string {
  if (page.type === 'risk' && riskProfileEmpty) {
    return (person === 'client' ? page.alternateClientQuestion : page.alternatePartnerQuestion) ?? '';
  }
  return (person === 'client' ? page.clientQuestion : page.partnerQuestion) ?? '';
}

export function submissionBody(
  setup: ReviewSetup,
  state: ReviewState,
  who: { id: number; name: string; partnerId: number | null; clientRiskEmpty: boolean; partnerRiskEmpty: boolean },
): SubmissionBody {
  const questions = questionPages(setup.pages);
  const responsesOf = (person: Person): SubmissionResponse[] =>
    questions.map((page) => {
      const a = answerOf(state, page.order, person);
      return {
        id: page.order,
        question: questionFor(page, person, person === 'client' ? who.clientRiskEmpty : who.partnerRiskEmpty),
        response: a.response === true,
        // The changes are described only on Yes, where the page asks for them.
        additionalText: a.response === true && page.showAdditionalInformation ? a.additionalText.trim() : '',
      };
    });
  const responses = responsesOf('client');
  const body: SubmissionBody = { id: who.id, name: who.name, partnerId: null, responses, status: statusOf(responses) };
  if (answersForPartner(setup, state) && who.partnerId !== null) {
    const partnerResponses = responsesOf('partner');
    body.partnerId = who.partnerId;
    body.partnerResponses = partnerResponses;
    body.partnerStatus = statusOf(partnerResponses);
  }
  return body;
}

/** Whether any answer given so far is Yes: the submission page's changes or no-changes text. */
export function hasChanges(setup: ReviewSetup, state: ReviewState): boolean {
  return questionPages(setup.pages).some(
    (p) => answerOf(state, p.order, 'client').response === true || (answersForPartner(setup, state) && answerOf(state, p.order, 'partner').response === true),
  );
}

/** Whether the leave-page warning and the logout confirmation apply: past the introduction, before the result. */
export function isMidReview(setup: ReviewSetup, state: ReviewState): boolean {
  return state.phase === 'answering' && state.step > 0 && currentPage(setup, state)?.type !== 'completion';
}
