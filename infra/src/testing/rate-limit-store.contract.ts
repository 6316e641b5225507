import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastifyRateLimitStore } from '../rate-limit/fastify-rate-limit-store';
import type { RateLimitClock, RateLimitStore } from '../rate-limit/port';

interface RateLimitStoreContractSubject {
  store: RateLimitStore;
  /** Another store on the same backing, opened as another replica of the API would open it (its own connection). */
  replica(): Promise<RateLimitStore>;
  dispose(): Promise<void>;
}

const MINUTE = 60_000;

/** Every adapter of the rate-limit store port passes this suite. It only uses keys it creates; it moves the clock. */
export function rateLimitStoreContract(
  name: string,
  open: (options: { now: RateLimitClock }) => Promise<RateLimitStoreContractSubject>,
  options: { skip?: string } = {},
) {
  const suite = options.skip ? describe.skip : describe;
  if (options.skip) console.info(`[contract] ${name} skipped: ${options.skip}`);

  suite(`rate-limit store contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    let subject: RateLimitStoreContractSubject;
    let store: RateLimitStore;
    let other: RateLimitStore;
    let clock = Date.parse('2026-06-01T08:00:00.000Z');
    beforeAll(async () => {
      subject = await open({ now: () => clock });
      store = subject.store;
      other = await subject.replica();
    });
    afterAll(async () => {
      await other.close();
      await subject.dispose();
    });
    const key = () => `contract|${randomUUID()}`;

    it('starts a window at a key’s first hit and counts every hit within it', async () => {
      const k = key();
      expect(await store.increment(k, MINUTE)).toEqual({ current: 1, ttlMs: MINUTE });
      clock += 20_000;
      expect(await store.increment(k, MINUTE)).toEqual({ current: 2, ttlMs: 40_000 });
      clock += 39_999;
      expect(await store.increment(k, MINUTE)).toEqual({ current: 3, ttlMs: 1 });
    });

    it('counts each key on its own', async () => {
      const [a, b] = [key(), key()];
      await store.increment(a, MINUTE);
      await store.increment(a, MINUTE);
      expect(await store.increment(b, MINUTE)).toEqual({ current: 1, ttlMs: MINUTE });
      expect(await store.read(a)).toEqual({ current: 2, ttlMs: MINUTE });
    });

    it('starts again once the window has ended', async () => {
      const k = key();
      for (let i = 0; i < 5; i += 1) await store.increment(k, MINUTE);
      clock += MINUTE;
      expect(await store.read(k)).toEqual({ current: 0, ttlMs: 0 });
      expect(await store.increment(k, MINUTE)).toEqual({ current: 1, ttlMs: MINUTE });
      clock += 10_000;
      expect(await store.increment(k, MINUTE)).toEqual({ current: 2, ttlMs: 50_000 });
    });

    it('reads a key’s count and time left without counting a hit', async () => {
      const k = key();
      expect(await store.read(k)).toEqual({ current: 0, ttlMs: 0 });
      await store.increment(k, MINUTE);
      await store.increment(k, MINUTE);
      clock += 1_000;
      expect(await store.read(k)).toEqual({ current: 2, ttlMs: 59_000 });
      expect(await store.read(k)).toEqual({ current: 2, ttlMs: 59_000 });
      expect(await store.increment(k, MINUTE)).toEqual({ current: 3, ttlMs: 59_000 });
    });

    it('shares one budget between two replicas on the same backing, and one window', async () => {
      const k = key();
      await store.increment(k, MINUTE);
      await store.increment(k, MINUTE);
      clock += 5_000;
      expect(await other.increment(k, MINUTE)).toEqual({ current: 3, ttlMs: 55_000 });
      expect(await store.read(k)).toEqual({ current: 3, ttlMs: 55_000 });
      // The window ends for both at once; the replica that hits first opens the next one, for both.
      clock += 55_000;
      expect(await other.increment(k, MINUTE)).toEqual({ current: 1, ttlMs: MINUTE });
      expect(await store.increment(k, MINUTE)).toEqual({ current: 2, ttlMs: MINUTE });
    });

    it('counts concurrent hits from two replicas exactly once each, the first ones included', async () => {
      const k = key();
      const hits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? store : other).increment(k, MINUTE)));
      expect(hits.map((hit) => hit.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      expect(hits.every((hit) => hit.ttlMs === MINUTE)).toBe(true);
      expect(await other.read(k)).toEqual({ current: 60, ttlMs: MINUTE });
    });

    it('behind @fastify/rate-limit, gives two replicas of an API one budget per route and client', async () => {
      const replicaApp = async (backing: RateLimitStore) => {
        const app = Fastify();
        await app.register(fastifyRateLimit, { global: false, store: fastifyRateLimitStore(backing) });
        app.post('/limited', { config: { rateLimit: { max: 3, timeWindow: MINUTE } } }, async () => ({ ok: true }));
        app.post('/other', { config: { rateLimit: { max: 3, timeWindow: MINUTE } } }, async () => ({ ok: true }));
        await app.ready();
        return app;
      };
      const [first, second] = [await replicaApp(store), await replicaApp(other)];
      try {
        const remoteAddress = '192.0.2.7';
        const hit = (app: typeof first, url = '/limited') => app.inject({ method: 'POST', url, remoteAddress });
        const statuses = [await hit(first), await hit(second), await hit(first)].map((response) => response.statusCode);
        expect(statuses).toEqual([200, 200, 200]);
        const limited = await hit(second);
        expect(limited.statusCode).toBe(429);
        expect(limited.headers['retry-after']).toBe('60');
        expect((await hit(first)).statusCode).toBe(429);
        // Another route keeps its own budget.
        expect((await hit(second, '/other')).statusCode).toBe(200);
        clock += MINUTE;
        expect((await hit(second)).statusCode).toBe(200);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });
}
