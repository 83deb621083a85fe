import { createStore, useStore } from '../state/create-store';

/**
 * Set by the annual review while its questions are open (spec 3 §4.4): logging out then asks for
 * confirmation (spec 1 §2). The review feature sets it on entry and clears it on submit.
 */
export const reviewInProgressStore = createStore(false);

export const setReviewInProgress = (value: boolean) => reviewInProgressStore.set(value);
export const useReviewInProgress = () => useStore(reviewInProgressStore);
