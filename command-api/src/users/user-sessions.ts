import type { SessionStore } from '@recup/infra/sessions/port';
import type { UserEvent } from '@recup/shared-events';

/**
 * The changes that end a user's sessions: each was opened with a password that no longer holds, for an
 * address no longer verified, or by an account that is gone.
 */
const ENDS_SESSIONS: ReadonlySet<UserEvent['type']> = new Set(['UserPasswordChanged', 'UserPasswordReset', 'UserVerificationRevoked', 'UserDeleted']);

/**
 * Ends the user's sessions when `events` hold such a change, all but `keep` (the session that changed its own
 * password, so that its owner stays signed in there).
 */
export async function endSessionsAfter(store: SessionStore, userId: string, events: ReadonlyArray<{ type: string }>, options: { keep?: string } = {}): Promise<number> {
  if (!events.some((event) => ENDS_SESSIONS.has(event.type as UserEvent['type']))) return 0;
  return store.endUserSessions(userId, { except: options.keep });
}
