import type { ReviewState } from './review-machine';

/**
 * Answers saved as the client goes (spec 3 §4.4: Previous and a reload restore them). They are
 * personal data, so they live in sessionStorage, which dies with the tab, under the "persist:"
 * prefix that logout clears (shared/session/stored-client-data.ts); never in localStorage.
 */
export const reviewStorageKey = (entityId: number) => `persist:review:${entityId}`;

type Saved = Pick<ReviewState, 'step' | 'includePartner' | 'answers'>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // private browsing may refuse storage: answers then last as long as the page
  }
}

export function saveReview(entityId: number, state: ReviewState): void {
  const saved: Saved = { step: state.step, includePartner: state.includePartner, answers: state.answers };
  try {
    storage()?.setItem(reviewStorageKey(entityId), JSON.stringify(saved));
  } catch {
    // A full or refused storage only loses the restore after a reload.
  }
}

/** The saved answers, or null when none (or unreadable: the review starts again). */
export function loadReview(entityId: number): Saved | null {
  const raw = storage()?.getItem(reviewStorageKey(entityId));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Saved>;
    if (typeof v.step !== 'number' || typeof v.answers !== 'object' || v.answers === null) return null;
    return { step: v.step, includePartner: typeof v.includePartner === 'boolean' ? v.includePartner : null, answers: v.answers };
  } catch {
    return null;
  }
}

export function clearReview(entityId: number): void {
  storage()?.removeItem(reviewStorageKey(entityId));
}
