import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitStore } from './port';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands `child`: the route's merged limit options. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * Our rate-limit store port behind @fastify/rate-limit's custom `store` option (a class the plugin
 * instantiates; each route with a limit of its own gets a `child`). Each route counts under its method and
 * path, as the plugin's Redis store does, so two replicas serving the same route share its counters. Limiters
 * made with `createRateLimit` have no route: they share one namespace, and their keys tell them apart
 * (`login|<address>`). The plugin's `continueExceeding` and `exponentialBackoff` are not supported (nothing
 * uses them): asking for them fails at start rather than being ignored.
 */
export function fastifyRateLimitStore(store: RateLimitStore): FastifyRateLimitStoreCtor {
  class PortStore implements FastifyRateLimitStore {
    private readonly namespace: string;

    constructor(options?: unknown, namespace = 'global') {
      refuseUnsupported(options as ChildOptions | undefined);
      this.namespace = namespace;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      store.increment(`${this.namespace}|${key}`, timeWindow).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin's non-counting look (`createRateLimit(...)(request, { increment: false })`). */
    read(key: string, callback: Callback): void {
      store.read(`${this.namespace}|${key}`).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const { routeInfo } = (routeOptions ?? {}) as ChildOptions;
      const method = Array.isArray(routeInfo?.method) ? routeInfo.method.join(',') : routeInfo?.method;
      return new PortStore(routeOptions, method && routeInfo?.url ? `${method} ${routeInfo.url}` : 'limiter');
    }
  }
  return PortStore;
}

function refuseUnsupported(options: ChildOptions | undefined) {
  if (options?.continueExceeding || options?.exponentialBackoff) {
    throw new Error('rate limit: continueExceeding and exponentialBackoff are not supported by the rate-limit store');
  }
}
