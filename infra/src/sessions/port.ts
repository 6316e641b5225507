/** What a session holds: who is signed in, and when the session began (for the absolute limit). */
export interface SessionData {
  userId?: string;
  role?: 'USER' | 'ORGANIZATION' | 'ADMIN';
  createdAt?: number;
  cookie?: { expires?: string | Date | null; originalMaxAge?: number | null };
  [key: string]: unknown;
}

/**
 * The session store port, in the callback shape that @fastify/session expects, plus the index of each
 * user's sessions that ends them all at once.
 *
 * An ended session stays ended: a request of that session still in flight saves it again when it answers
 * (sessions roll), and that save must not bring it back.
 */
export interface SessionStore {
  get(sessionId: string, callback: (error: Error | null, session?: SessionData | null) => void): void;
  /** Saves a session; keeps it under its `userId` in the index. Does nothing to a session that was ended. */
  set(sessionId: string, session: SessionData, callback: (error?: Error | null) => void): void;
  destroy(sessionId: string, callback: (error?: Error | null) => void): void;
  /**
   * Ends every session of a user (after a password change or reset, a revoked verification, a deletion),
   * except `except` (the session that changed the password), and answers how many it ended.
   */
  endUserSessions(userId: string, options?: { except?: string }): Promise<number>;
  close(): Promise<void>;
}
