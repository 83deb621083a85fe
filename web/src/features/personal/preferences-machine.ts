/**
 * The preferences form (spec 2 §2.8, §4) as a pure state machine: idle (what is shown is what
 * was saved), changed (Save and Cancel enabled), saving, saved (the success text) and failed
 * (the save text of §8). A save sends only the fields that differ from the last saved values,
 * so a value loaded long ago (stale) is never written back over another device's change; a
 * change made while a save is under way is kept and stays to be saved.
 */

export const PREFERENCE_FIELDS = ['email', 'mail', 'sms'] as const;
export type PreferenceField = (typeof PREFERENCE_FIELDS)[number];
export type Preferences = Record<PreferenceField, boolean>;

export type PreferencesStatus = 'idle' | 'changed' | 'saving' | 'saved' | 'failed';

export interface PreferencesState {
  status: PreferencesStatus;
  /** The values the platform last confirmed. */
  saved: Preferences;
  /** The values the checkboxes show. */
  draft: Preferences;
  /** The fields the save under way sends, with their values. */
  sending: Partial<Preferences> | null;
}

export type PreferencesEvent =
  | { type: 'toggle'; field: PreferenceField; value: boolean }
  | { type: 'cancel' }
  | { type: 'saveStarted' }
  | { type: 'saveSucceeded'; saved: Preferences }
  | { type: 'saveFailed' }
  /** The platform's values arrived (a load or a reload) while nothing was being sent. */
  | { type: 'loaded'; saved: Preferences };

export function initialPreferencesState(saved: Preferences): PreferencesState {
  return { status: 'idle', saved, draft: saved, sending: null };
}

/** The fields whose shown value differs from the saved one: what a save sends. */
export function changedFields(draft: Preferences, saved: Preferences): Partial<Preferences> {
  const out: Partial<Preferences> = {};
  for (const field of PREFERENCE_FIELDS) if (draft[field] !== saved[field]) out[field] = draft[field];
  return out;
}

const hasChanges = (draft: Preferences, saved: Preferences) => Object.keys(changedFields(draft, saved)).length > 0;

/** Save and Cancel are enabled by any change, and not while a save is under way. */
export function canSave(state: PreferencesState): boolean {
  return state.status !== 'saving' && hasChanges(state.draft, state.saved);
}

export const canCancel = canSave;

export function preferencesReducer(state: PreferencesState, event: PreferencesEvent): PreferencesState {
  switch (event.type) {
    case 'toggle': {
      const draft = { ...state.draft, [event.field]: event.value };
      if (state.status === 'saving') return { ...state, draft };
      return { ...state, draft, status: hasChanges(draft, state.saved) ? 'changed' : 'idle' };
    }
    case 'cancel':
      if (state.status === 'saving') return state;
      return { ...state, draft: state.saved, status: 'idle' };
    case 'saveStarted': {
      if (!canSave(state)) return state;
      return { ...state, status: 'saving', sending: changedFields(state.draft, state.saved) };
    }
    case 'saveSucceeded': {
      // The platform's answer is the truth for every field, also those changed elsewhere; a
      // field the user changed again while this save was under way keeps the user's value.
      const sentOrSaved = { ...state.saved, ...state.sending };
      const draft = { ...event.saved };
      for (const field of PREFERENCE_FIELDS) if (state.draft[field] !== sentOrSaved[field]) draft[field] = state.draft[field];
      return { status: hasChanges(draft, event.saved) ? 'changed' : 'saved', saved: event.saved, draft, sending: null };
    }
    case 'saveFailed':
      // The user's choices stay on screen: Save tries again, Cancel goes back to the saved values.
      return { ...state, status: 'failed', sending: null };
    case 'loaded': {
      if (state.status === 'saving') return state;
      const pending = changedFields(state.draft, state.saved);
      const draft = { ...event.saved, ...pending };
      const status = state.status === 'saved' || state.status === 'failed' ? state.status : hasChanges(draft, event.saved) ? 'changed' : 'idle';
      return { ...state, saved: event.saved, draft, status };
    }
  }
}

/**
 * Runs saves one after another in the order they were asked: a second save waits for the
 * first to finish, so their requests never overtake each other on the way to the platform.
 */
export function createSaveQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function enqueue<T>(save: () => Promise<T>): Promise<T> {
    const run = tail.then(save, save);
    tail = run.catch(() => undefined);
    return run;
  };
}
