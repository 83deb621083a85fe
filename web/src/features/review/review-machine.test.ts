import { describe, expect, it } from 'vitest';
import {
  REQUIRED_ANSWER,
  REVIEW_STATUS,
  currentPage,
  flowPages,
  hasChanges,
  initialState,
  isMidReview,
  progressOf,
  reviewReducer,
  statusOf,
  submissionBody,
  type ReviewEvent,
  type ReviewPage,
  type ReviewSetup,
  type ReviewState,
} from './review-machine';

// Four question pages (orders 1, 2, 3, 5: the firm skipped 4 and keeps 6 from clients).
const pages: ReviewPage[] = [
  { type: 'completion', order: 9, heading: 'Thank you' },
  { type: 'introduction', order: 0, heading: 'Your review' },
  { type: 'question', order: 1, heading: 'Goals', clientQuestion: 'Goals changed?', partnerQuestion: "Partner's goals?", showAdditionalInformation: true },
  { type: 'question', order: 2, heading: 'Health', clientQuestion: 'Health changed?', partnerQuestion: "Partner's health?" },
  { type: 'risk', order: 3, heading: 'Risk', clientQuestion: 'Risk changed?', partnerQuestion: "Partner's risk?", alternateClientQuestion: 'Assess you?', alternatePartnerQuestion: 'Assess them?' },
  { type: 'contactDetailsQuestion', order: 5, heading: 'Contact', clientQuestion: 'Contact changed?', partnerQuestion: "Partner's contact?" },
  { type: 'question', order: 6, heading: 'Hidden', clientAccess: false },
  { type: 'submission', order: 8, heading: 'Submit', changesText: 'Changes', noChangesText: 'No changes' },
];

const withSwitch: ReviewSetup = { pages, partnerSwitch: true };
const noSwitch: ReviewSetup = { pages, partnerSwitch: false };

function run(setup: ReviewSetup, events: ReviewEvent[], from: ReviewState = initialState()): ReviewState {
  return events.reduce((s, e) => reviewReducer(setup, s, e), from);
}

describe('the review flow', () => {
  it('orders the pages: introduction, questions, submission, completion; hidden pages left out', () => {
    expect(flowPages(pages).map((p) => p.heading)).toEqual(['Your review', 'Goals', 'Health', 'Risk', 'Contact', 'Submit', 'Thank you']);
  });

  it('asks for the partner choice on Start when the switch shows', () => {
    const s = run(withSwitch, [{ type: 'start' }]);
    expect(s.error).toBe(REQUIRED_ANSWER);
    expect(s.step).toBe(0);
    const started = run(withSwitch, [{ type: 'start' }, { type: 'choose-partner', value: true }, { type: 'start' }]);
    expect(started.error).toBeNull();
    expect(currentPage(withSwitch, started)?.heading).toBe('Goals');
  });

  it('starts with the partner answer No when the switch does not show', () => {
    const s = run(noSwitch, [{ type: 'start' }]);
    expect(s.includePartner).toBe(false);
    expect(currentPage(noSwitch, s)?.heading).toBe('Goals');
  });

  it('needs an answer for each person answered for before Next', () => {
    const s = run(withSwitch, [{ type: 'choose-partner', value: true }, { type: 'start' }, { type: 'answer', person: 'client', response: false }, { type: 'next' }]);
    expect(s.error).toBe(REQUIRED_ANSWER);
    expect(currentPage(withSwitch, s)?.heading).toBe('Goals');
    const fixed = run(withSwitch, [{ type: 'answer', person: 'partner', response: true }], s);
    expect(fixed.error).toBeNull();
    expect(currentPage(withSwitch, run(withSwitch, [{ type: 'next' }], fixed))?.heading).toBe('Health');
  });

  it('keeps answers when going back and forth (Previous restores them)', () => {
    const s = run(noSwitch, [
      { type: 'start' },
      { type: 'answer', person: 'client', response: true },
      { type: 'describe', person: 'client', text: 'Retiring early' },
      { type: 'next' },
      { type: 'previous' },
    ]);
    expect(currentPage(noSwitch, s)?.heading).toBe('Goals');
    expect(s.answers[1]?.client).toEqual({ response: true, additionalText: 'Retiring early' });
  });

  it('moves the progress bar as spec 3 §4.4 and §9 say', () => {
    // 4 questions. Arrival at question n: (n-1)/4*100; answered: n/4*100.
    const q1 = run(noSwitch, [{ type: 'start' }]);
    expect(progressOf(noSwitch, initialState())).toBe(0); // introduction: 0
    expect(progressOf(noSwitch, q1)).toBe(0); // (1-1)/4*100
    const a1 = run(noSwitch, [{ type: 'answer', person: 'client', response: false }], q1);
    expect(progressOf(noSwitch, a1)).toBe(25); // 1/4*100
    const q3 = run(noSwitch, [{ type: 'next' }, { type: 'answer', person: 'client', response: false }, { type: 'next' }], a1);
    expect(progressOf(noSwitch, q3)).toBe(50); // (3-1)/4*100
    const q4 = run(noSwitch, [{ type: 'answer', person: 'client', response: true }, { type: 'next' }], q3);
    expect(progressOf(noSwitch, q4)).toBe(75); // question 4 of 4 (order 5) on arrival: 3/4*100
    const sub = run(noSwitch, [{ type: 'answer', person: 'client', response: false }, { type: 'next' }], q4);
    expect(currentPage(noSwitch, sub)?.type).toBe('submission');
    expect(progressOf(noSwitch, sub)).toBe(100);
    const done = run(noSwitch, [{ type: 'submitting' }, { type: 'submitted', ok: true }], sub);
    expect(currentPage(noSwitch, done)?.type).toBe('completion');
    expect(progressOf(noSwitch, done)).toBe(0);
  });

  it('counts a page answered only when the partner has answered too', () => {
    const s = run(withSwitch, [{ type: 'choose-partner', value: true }, { type: 'start' }, { type: 'answer', person: 'client', response: false }]);
    expect(progressOf(withSwitch, s)).toBe(0); // still (1-1)/4*100
    expect(progressOf(withSwitch, run(withSwitch, [{ type: 'answer', person: 'partner', response: false }], s))).toBe(25);
  });

  it('warns about leaving only between Start and the result', () => {
    const intro = initialState();
    const q1 = run(noSwitch, [{ type: 'start' }]);
    expect(isMidReview(noSwitch, intro)).toBe(false);
    expect(isMidReview(noSwitch, q1)).toBe(true);
    expect(isMidReview(noSwitch, run(noSwitch, [{ type: 'submitting' }], q1))).toBe(false);
    expect(isMidReview(noSwitch, run(noSwitch, [{ type: 'spoke-to-adviser' }], intro))).toBe(false);
  });
});

describe('the statuses a submission sets', () => {
  it('is ChangesReported when any answer is Yes, else NoChangesReported', () => {
    expect(statusOf([{ response: false }, { response: false }])).toBe(REVIEW_STATUS.NoChangesReported);
    expect(statusOf([{ response: false }, { response: true }])).toBe(REVIEW_STATUS.ChangesReported);
    expect(statusOf([])).toBe(REVIEW_STATUS.NoChangesReported);
  });

  it('computes each person separately and keeps the changes only on Yes where asked', () => {
    const answers: ReviewEvent[] = [];
    // Client: Yes on Goals (described), No elsewhere. Partner: No everywhere.
    for (const [i, yes] of [true, false, false, false].entries()) {
      answers.push({ type: 'answer', person: 'client', response: yes }, { type: 'answer', person: 'partner', response: false });
      if (i === 0) answers.push({ type: 'describe', person: 'client', text: '  New job  ' }, { type: 'describe', person: 'partner', text: 'ignored on No' });
      answers.push({ type: 'next' });
    }
    const s = run(withSwitch, [{ type: 'choose-partner', value: true }, { type: 'start' }, ...answers]);
    expect(hasChanges(withSwitch, s)).toBe(true);
    const body = submissionBody(withSwitch, s, { id: 7, name: 'Eleanor Whitfield', partnerId: 8, clientRiskEmpty: false, partnerRiskEmpty: true });
    expect(body.status).toBe(REVIEW_STATUS.ChangesReported);
    expect(body.partnerStatus).toBe(REVIEW_STATUS.NoChangesReported);
    expect(body.partnerId).toBe(8);
    expect(body.responses.map((r) => r.id)).toEqual([1, 2, 3, 5]);
    expect(body.responses[0]).toEqual({ id: 1, question: 'Goals changed?', response: true, additionalText: 'New job' });
    expect(body.partnerResponses?.[0]?.additionalText).toBe('');
    // The partner's risk profile is empty: the alternate question.
    expect(body.partnerResponses?.[2]?.question).toBe('Assess them?');
    expect(body.responses[2]?.question).toBe('Risk changed?');
  });

  it('sends no partner answers when not answering for the partner', () => {
    const s = run(noSwitch, [{ type: 'start' }, { type: 'answer', person: 'client', response: false }]);
    const body = submissionBody(noSwitch, s, { id: 7, name: 'E', partnerId: 8, clientRiskEmpty: false, partnerRiskEmpty: false });
    expect(body.partnerId).toBeNull();
    expect(body.partnerResponses).toBeUndefined();
    expect(body.status).toBe(REVIEW_STATUS.NoChangesReported);
  });
});
