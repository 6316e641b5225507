import { randomFillSync } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySession, { type FastifySessionObject, type FastifySessionOptions } from '@fastify/session';
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionStore } from '../sessions/port';
import { problems } from './problem';

export const SESSION_COOKIE = 'rp_session';
const SESSION_IDLE_MS = 30 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

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
type CurrentRole = (userId: string) => Promise<Role | null>;

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
 *
 * `opensSessions: false` (the query API, which only reads): a request without a session cookie gets no
 * session at all (see `ANONYMOUS`): no id drawn and signed, nothing asked of the store, no cookie. A request
 * with one is served exactly as by @fastify/session (loaded, rolled, saved, its stale cookie cleared).
 */
export async function registerSessions(app: FastifyInstance, options: SessionOptions & { currentRole: CurrentRole; opensSessions?: boolean }) {
  const now = options.now ?? Date.now;
  await app.register(fastifyCookie);
  await app.register(options.opensSessions === false ? sessionsOnlyWithCookie : fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: options.store as never,
    saveUninitialized: false,
    rolling: true,
    idGenerator: sessionId,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/', maxAge: SESSION_IDLE_MS },
  });
  /** A session that outlived 12 hours, or its account, or a role taken away, is ended or brought up to date. */
  const stillValid = async (request: FastifyRequest, userId: string, createdAt: number | undefined) => {
    if (createdAt === undefined || now() - createdAt > SESSION_ABSOLUTE_MS) {
      await request.session.destroy();
      return;
    }
    const role = await options.currentRole(userId);
    if (role === null) await request.session.destroy();
    else if (role !== request.session.role) request.session.role = role;
  };
  // A callback hook: an anonymous request passes straight on, without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const { userId, createdAt } = request.session;
    if (!userId) return done();
    stillValid(request, userId, createdAt).then(() => done(), done);
  });
}

/**
 * The session of a request that carries no session cookie, in an API that never opens one: nobody is signed
 * in, there is nothing to end, and anything that would write to it fails loudly (it is frozen).
 */
const ANONYMOUS = Object.freeze({
  destroy: async () => {},
  get: () => undefined,
  isModified: () => false,
  isSaved: () => false,
}) as unknown as FastifySessionObject;

/**
 * @fastify/session with its two hooks run only for a request that carries a session cookie (one that is
 * signed wrongly, or names an ended session, included: the plugin clears it). Without one, the plugin would
 * draw an id, sign it, build a session and its cookie, and hash it, for every anonymous read: half of what
 * the course search cost. The plugin is given the instance through a proxy that wraps the hooks it adds.
 */
const sessionsOnlyWithCookie: FastifyPluginCallback<FastifySessionOptions> = fp<FastifySessionOptions>((instance, pluginOptions, next) => {
  const cookieName = pluginOptions.cookieName ?? SESSION_COOKIE;
  const withCookie = (name: string, hook: (...args: never[]) => unknown) => {
    if (name === 'onRequest') {
      const onRequest = hook as unknown as (request: FastifyRequest, reply: unknown, done: () => void) => void;
      return (request: FastifyRequest, reply: unknown, done: () => void) => {
        if (request.cookies[cookieName]) return onRequest(request, reply, done);
        request.session = ANONYMOUS;
        done();
      };
    }
    if (name === 'onSend') {
      const onSend = hook as unknown as (request: FastifyRequest, reply: unknown, payload: unknown, done: () => void) => void;
      return (request: FastifyRequest, reply: unknown, payload: unknown, done: () => void) => {
        if (request.session === ANONYMOUS) return done();
        onSend(request, reply, payload, done);
      };
    }
    throw new Error(`@fastify/session added a ${name} hook: make it skip anonymous requests too`);
  };
  const proxy: FastifyInstance = new Proxy(instance, {
    get(target, property) {
      if (property === 'addHook') {
        return (name: string, hook: (...args: never[]) => unknown) => {
          target.addHook(name as 'onRequest', withCookie(name, hook) as never);
          return proxy;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  fastifySession(proxy, pluginOptions, next);
}, { fastify: '5.x', name: 'sessions-only-with-cookie', dependencies: ['@fastify/cookie'] });

interface SignedInUser {
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
