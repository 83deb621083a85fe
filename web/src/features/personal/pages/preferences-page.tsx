import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { useClientScope } from '../../../shared/session/client-scope';
import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { patchPreferences, preferencesQuery, usePreferences } from '../api/preferences';
import {
  PREFERENCE_FIELDS,
  canCancel,
  canSave,
  changedFields,
  createSaveQueue,
  initialPreferencesState,
  preferencesReducer,
  type Preferences,
} from '../preferences-machine';
import { PREFERENCES_TEXTS as T } from '../personal-texts';
import '../personal.css';

/**
 * Preferences (spec 2 §2.8): the marketing channels a client agrees to, saved by PATCH with only
 * the changed fields, one save after another. An adviser with the client in context sees the
 * checkboxes disabled and no buttons; an adviser without one is told to log in to the platform.
 */
export default function PreferencesPage() {
  usePageTitle(T.heading);
  const scope = useClientScope();
  const query = usePreferences(scope?.entityId ?? null);
  let body;
  if (!scope) body = <p>{T.noClient}</p>;
  else if (query.isError) body = <Notice kind="error">{T.loadFailed}</Notice>;
  else if (!query.data) body = <InlineLoading label="Loading your preferences" />;
  else body = <PreferencesForm key={scope.entityId} clientId={scope.entityId} loaded={query.data} readOnly={scope.readOnly} />;
  return (
    <div className="page-card personal-page">
      <h1>{T.heading}</h1>
      {body}
    </div>
  );
}

function PreferencesForm({ clientId, loaded, readOnly }: { clientId: number; loaded: Preferences; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(preferencesReducer, loaded, initialPreferencesState);
  // One queue per form: a second Save waits for the first to finish (saves never overtake).
  const [enqueue] = useState(createSaveQueue);

  // A reload of the platform's values (another tab saved) reaches the form without losing edits.
  useEffect(() => dispatch({ type: 'loaded', saved: loaded }), [loaded]);

  const save = () => {
    if (!canSave(state)) return;
    const changes = changedFields(state.draft, state.saved);
    dispatch({ type: 'saveStarted' });
    void enqueue(() => patchPreferences(clientId, changes)).then(
      (saved) => {
        dispatch({ type: 'saveSucceeded', saved });
        queryClient.setQueryData(preferencesQuery(clientId).queryKey, saved);
      },
      () => dispatch({ type: 'saveFailed' }),
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {readOnly && <p className="personal-note">{T.readOnly}</p>}
      <fieldset className="choice-group preferences-choices">
        <legend>{T.intro}</legend>
        {PREFERENCE_FIELDS.map((field) => (
          <label className="choice" key={field}>
            <input
              type="checkbox"
              name={field}
              checked={state.draft[field]}
              disabled={readOnly}
              onChange={(event) => dispatch({ type: 'toggle', field, value: event.target.checked })}
            />
            <span>{T.labels[field]}</span>
          </label>
        ))}
      </fieldset>
      <div aria-live="polite">
        {state.status === 'saved' && <Notice kind="success">{T.saved}</Notice>}
      </div>
      {state.status === 'failed' && <Notice kind="error">{T.saveFailed}</Notice>}
      {!readOnly && (
        <div className="form-actions">
          <button type="button" className="button button--secondary" disabled={!canCancel(state)} onClick={() => dispatch({ type: 'cancel' })}>
            {T.cancel}
          </button>
          <button type="submit" className="button" disabled={!canSave(state)} aria-busy={state.status === 'saving' || undefined}>
            {T.save}
          </button>
        </div>
      )}
    </form>
  );
}
