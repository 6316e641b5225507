/** What a session holds: who is signed in, and when the session began (for the absolute limit). */
export interface SessionData {
  userId?: string;
  role?: 'USER' | 'ORGANIZATION' | 'ADMIN';
  createdAt?: number;
  cookie?: { expires?: string | Date | null; originalMaxAge?: number | null };
  [key: string]: unknown;
}

/**
 * The session store port, in the callback shape that @fastify/session expects.
 */
export interface SessionStore {
  get(sessionId: string, callback: (error: Error | null, session?: SessionData | null) => void): void;
  set(sessionId: string, session: SessionData, callback: (error?: Error | null) => void): void;
  destroy(sessionId: string, callback: (error?: Error | null) => void): void;
  close(): Promise<void>;
}
