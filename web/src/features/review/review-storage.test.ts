import { afterEach, describe, expect, it } from 'vitest';
import { initialState } from './review-machine';
import { clearReview, loadReview, reviewStorageKey, saveReview } from './review-storage';
import { clearStoredClientData } from '../../shared/session/stored-client-data';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('saved review answers', () => {
  it('are kept in sessionStorage, never localStorage, and restored', () => {
    const state = { ...initialState(), step: 3, includePartner: true, answers: { 1: { client: { response: true, additionalText: 'x' }, partner: { response: false, additionalText: '' } } } };
    saveReview(42, state);
    expect(localStorage.length).toBe(0);
    expect(loadReview(42)).toEqual({ step: 3, includePartner: true, answers: state.answers });
    expect(loadReview(43)).toBeNull();
    clearReview(42);
    expect(loadReview(42)).toBeNull();
  });

  it('are cleared at logout with the other persisted client data', () => {
    saveReview(42, initialState());
    expect(sessionStorage.getItem(reviewStorageKey(42))).not.toBeNull();
    clearStoredClientData();
    expect(loadReview(42)).toBeNull();
  });

  it('start again when unreadable', () => {
    sessionStorage.setItem(reviewStorageKey(42), '{not json');
    expect(loadReview(42)).toBeNull();
  });
});
