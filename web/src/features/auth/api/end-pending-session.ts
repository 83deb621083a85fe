import { endSession } from '../../../shared/api/session';

/**
 * Leaving the login steps (Return to login, Decline): the restricted session the server opened
 * for them is ended. A failure does not matter: the session is useless until the steps are done.
 */
export async function endPendingSession(): Promise<void> {
  await endSession().catch(() => undefined);
}
