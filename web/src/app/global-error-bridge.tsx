import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../shared/errors';
import { setRequestFailureListener } from '../shared/http';
import { useSession } from '../shared/session/session-context';
import { useToast } from '../shared/ui/toast';

/** Connects the request helper's failures to the toast and the lost-session redirect (spec 1 §8). */
export function GlobalErrorBridge() {
  const navigate = useNavigate();
  const toast = useToast();
  const { clear } = useSession();

  useEffect(() => {
    setRequestFailureListener((error, context) => {
      const outcome = describeError(error, { skipAuthFailureAction: context.skipAuthFailureAction });
      if (outcome.kind === 'redirect') {
        clear();
        navigate(outcome.to, { replace: true });
      } else {
        toast.show({ kind: 'error', title: outcome.title, message: outcome.message });
      }
    });
    return () => setRequestFailureListener(null);
  }, [navigate, toast, clear]);

  return null;
}
