import { randomFillSync } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionStore } from '../sessions/port';
import { problems } from './problem';

export const SESSION_COOKIE = 'rp_session';
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

type Role = 'USER' | 'ORGANIZATION' | 'ADMIN';

declare module 'fastify' {
  interface Session {
    userId?: string;
    role?: Role;
    createdAt?: number;
  }
}

export interface SessionOptions {
  store: SessionStore;
  secret: string;
  secure: boolean;
  now?: () => number;
}

/**
 * The signed-in user's role as it stands now, or null when the account is gone: a session never keeps a
 * role that was taken away, nor outlives its account.
 */
export type CurrentRole = (userId: string) => Promise<Role | null>;

/**
 * A new 256-bit session id from the system's CSPRNG, each byte used once. @fastify/session draws an id for
 * every request without a session (it saves it only once something is put in it), so the bytes are drawn
 * 128 ids at a time: one `randomBytes` call per request was a tenth of an anonymous search's time.
 */
const ID_BYTES = 32;
const idPool = Buffer.alloc(ID_BYTES * 128);
let idOffset = idPool.length;
export function sessionId(): string {
  if (idOffset + ID_BYTES > idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const id = idPool.toString('base64url', idOffset, idOffset + ID_BYTES);
  idPool.fill(0, idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return id;
}

/**
 * Sessions: a 256-bit id in an HttpOnly, SameSite=Lax cookie; 30 minutes idle (the expiry rolls with each
 * request) and 12 hours at most since sign-in. Every service registers the same store and secret, so a
 * session opened by the command API is read by the query API.
 */
export async function registerSessions(app: FastifyInstance, options: SessionOptions & { currentRole: CurrentRole }) {
  const now = options.now ?? Date.now;
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: options.store as never,
    saveUninitialized: false,
    rolling: true,
    idGenerator: sessionId,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/', maxAge: SESSION_IDLE_MS },
  });
  app.addHook('preHandler', async (request) => {
    const { userId, createdAt } = request.session;
    if (!userId) return;
    if (createdAt === undefined || now() - createdAt > SESSION_ABSOLUTE_MS) {
      await request.session.destroy();
      return;
    }
    const role = await options.currentRole(userId);
    if (role === null) await request.session.destroy();
    else if (role !== request.session.role) request.session.role = role;
  });
}

export interface SignedInUser {
  userId: string;
  role: Role;
}

export function currentUser(request: FastifyRequest): SignedInUser | null {
  const { userId, role } = request.session ?? {};
  return userId && role ? { userId, role } : null;
}

/** The signed-in user, or a 401; with `roles`, a 403 for anyone else. */
export function requireUser(request: FastifyRequest, roles?: readonly Role[]): SignedInUser {
  const user = currentUser(request);
  if (!user) throw problems.notSignedIn();
  if (roles && !roles.includes(user.role)) throw problems.forbidden();
  return user;
}
