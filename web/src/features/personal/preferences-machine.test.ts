import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canSave,
  changedFields,
  createSaveQueue,
  initialPreferencesState,
  preferencesReducer as reduce,
  type Preferences,
  type PreferencesState,
} from './preferences-machine';

const loaded: Preferences = { email: true, mail: false, sms: true };
const start = () => initialPreferencesState(loaded);

describe('preferences state machine (spec 2 §2.8, §4)', () => {
  it('starts idle with Save and Cancel disabled', () => {
    const s = start();
    expect(s.status).toBe('idle');
    expect(canSave(s)).toBe(false);
    expect(canCancel(s)).toBe(false);
  });

  it('any change enables Save and Cancel; changing it back disables them again', () => {
    const changed = reduce(start(), { type: 'toggle', field: 'mail', value: true });
    expect(changed.status).toBe('changed');
    expect(canSave(changed)).toBe(true);
    expect(canCancel(changed)).toBe(true);
    const back = reduce(changed, { type: 'toggle', field: 'mail', value: false });
    expect(back.status).toBe('idle');
    expect(canSave(back)).toBe(false);
  });

  it('Cancel restores the last saved values', () => {
    let s = reduce(start(), { type: 'toggle', field: 'email', value: false });
    s = reduce(s, { type: 'toggle', field: 'sms', value: false });
    s = reduce(s, { type: 'cancel' });
    expect(s.draft).toEqual(loaded);
    expect(s.status).toBe('idle');
  });

  it('a save sends only the changed fields, then shows success and clears the changed state', () => {
    let s = reduce(start(), { type: 'toggle', field: 'mail', value: true });
    s = reduce(s, { type: 'saveStarted' });
    expect(s.status).toBe('saving');
    expect(s.sending).toEqual({ mail: true });
    expect(canSave(s)).toBe(false);
    s = reduce(s, { type: 'saveSucceeded', saved: { email: true, mail: true, sms: true } });
    expect(s.status).toBe('saved');
    expect(s.saved).toEqual({ email: true, mail: true, sms: true });
    expect(canSave(s)).toBe(false);
    // Cancel after a save goes back to the newly saved values, not the first loaded ones.
    s = reduce(reduce(s, { type: 'toggle', field: 'email', value: false }), { type: 'cancel' });
    expect(s.draft).toEqual({ email: true, mail: true, sms: true });
  });

  it('a stale page never writes back a value it did not change', () => {
    // Loaded with SMS on; another device turned SMS off since. Changing email sends email only.
    const s = reduce(start(), { type: 'toggle', field: 'email', value: false });
    expect(changedFields(s.draft, s.saved)).toEqual({ email: false });
    // The answer carries the other device's SMS change, and the page shows it.
    const after = reduce(reduce(s, { type: 'saveStarted' }), { type: 'saveSucceeded', saved: { email: false, mail: false, sms: false } });
    expect(after.draft).toEqual({ email: false, mail: false, sms: false });
    expect(after.status).toBe('saved');
  });

  it('a change made while a save is under way is kept and stays to be saved', () => {
    let s = reduce(start(), { type: 'toggle', field: 'mail', value: true });
    s = reduce(s, { type: 'saveStarted' });
    s = reduce(s, { type: 'toggle', field: 'sms', value: false });
    expect(s.status).toBe('saving');
    expect(reduce(s, { type: 'saveStarted' })).toBe(s); // no second save at once
    expect(reduce(s, { type: 'cancel' })).toBe(s);
    s = reduce(s, { type: 'saveSucceeded', saved: { email: true, mail: true, sms: true } });
    expect(s.draft).toEqual({ email: true, mail: true, sms: false });
    expect(s.status).toBe('changed');
    expect(changedFields(s.draft, s.saved)).toEqual({ sms: false });
  });

  it('a failed save keeps the choices on screen, so Save can try again and Cancel undo them', () => {
    let s: PreferencesState = reduce(start(), { type: 'toggle', field: 'sms', value: false });
    s = reduce(reduce(s, { type: 'saveStarted' }), { type: 'saveFailed' });
    expect(s.status).toBe('failed');
    expect(s.sending).toBeNull();
    expect(s.draft.sms).toBe(false);
    expect(s.saved).toEqual(loaded);
    expect(canSave(s)).toBe(true);
    s = reduce(s, { type: 'saveStarted' });
    expect(s.sending).toEqual({ sms: false });
  });

  it('new values from the platform replace the saved ones and keep unsaved changes', () => {
    let s = reduce(start(), { type: 'toggle', field: 'email', value: false });
    s = reduce(s, { type: 'loaded', saved: { email: true, mail: true, sms: true } });
    expect(s.draft).toEqual({ email: false, mail: true, sms: true });
    expect(s.status).toBe('changed');
    const idle = reduce(start(), { type: 'loaded', saved: { email: false, mail: false, sms: false } });
    expect(idle.draft).toEqual({ email: false, mail: false, sms: false });
    expect(idle.status).toBe('idle');
  });
});

describe('createSaveQueue', () => {
  function deferred() {
    let resolve!: () => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('starts a save only once the one before it has finished, failed or not', async () => {
    const enqueue = createSaveQueue();
    const order: string[] = [];
    const first = deferred();
    const second = deferred();
    const a = enqueue(() => {
      order.push('first started');
      return first.promise;
    });
    const b = enqueue(() => {
      order.push('second started');
      return second.promise;
    });
    const c = enqueue(async () => {
      order.push('third started');
    });
    await Promise.resolve();
    expect(order).toEqual(['first started']);
    first.reject(new Error('500'));
    await expect(a).rejects.toThrow('500');
    await Promise.resolve();
    expect(order).toEqual(['first started', 'second started']);
    second.resolve();
    await b;
    await c;
    expect(order).toEqual(['first started', 'second started', 'third started']);
  });
});
