import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionData, SessionStore } from '../sessions/port';

interface SessionStoreContractSubject {
  store: SessionStore;
  /** Closes the store and opens a new one on the same data, as after a process restart. */
  reopen(): Promise<SessionStore>;
  dispose(): Promise<void>;
}

/** The store is opened on this clock and this idle limit; the suite moves the clock. */
interface SessionStoreContractOptions {
  now: () => number;
  idleMs: number;
}

const IDLE_MS = 30 * 60 * 1000;

/** Every adapter of the session store port passes this suite. It only uses session ids it creates. */
export function sessionStoreContract(
  name: string,
  open: (options: SessionStoreContractOptions) => Promise<SessionStoreContractSubject>,
  options: { skip?: string } = {},
) {
  const suite = options.skip ? describe.skip : describe;
  if (options.skip) console.info(`[contract] ${name} skipped: ${options.skip}`);

  suite(`session store contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    let subject: SessionStoreContractSubject;
    let store: SessionStore;
    let clock = Date.parse('2026-06-01T08:00:00.000Z');
    beforeAll(async () => {
      subject = await open({ now: () => clock, idleMs: IDLE_MS });
      store = subject.store;
    });
    afterAll(async () => {
      await subject.dispose();
    });

    const get = (id: string) =>
      new Promise<SessionData | null>((resolve, reject) => store.get(id, (error, session) => (error ? reject(error) : resolve(session ?? null))));
    const set = (id: string, session: SessionData) =>
      new Promise<void>((resolve, reject) => store.set(id, session, (error) => (error ? reject(error) : resolve())));
    const destroy = (id: string) => new Promise<void>((resolve, reject) => store.destroy(id, (error) => (error ? reject(error) : resolve())));

    const session = (userId: string): SessionData => ({
      userId,
      role: 'USER',
      createdAt: clock,
      cookie: { originalMaxAge: IDLE_MS, expires: new Date(clock + IDLE_MS).toISOString() },
      csrfSecret: 'sécret-à-garder',
    });

    it('knows nothing of a session it was never given', async () => {
      expect(await get(randomUUID())).toBeNull();
    });

    it('gives back a session as it was saved, and the latest save of it', async () => {
      const id = randomUUID();
      await set(id, session('u-1'));
      expect(await get(id)).toEqual(session('u-1'));
      await set(id, { ...session('u-1'), role: 'ADMIN' });
      expect(await get(id)).toMatchObject({ userId: 'u-1', role: 'ADMIN' });
    });

    it('forgets a destroyed session, and destroying an unknown one is no error', async () => {
      const id = randomUUID();
      await set(id, session('u-2'));
      await destroy(id);
      expect(await get(id)).toBeNull();
      await destroy(randomUUID());
    });

    it('keeps a session while it is used, and drops it once left idle for the limit', async () => {
      const id = randomUUID();
      await set(id, session('u-3'));
      clock += IDLE_MS - 1000;
      expect(await get(id)).not.toBeNull();
      await set(id, session('u-3'));
      clock += IDLE_MS - 1000;
      expect(await get(id)).toMatchObject({ userId: 'u-3' });
      clock += 1000;
      expect(await get(id)).toBeNull();
    });

    describe('the index of each user’s sessions', () => {
      it('ends every session of a user but the one named, and no one else’s', async () => {
        const [user, other] = [`u-${randomUUID()}`, `u-${randomUUID()}`];
        const [kept, phone, laptop, others] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
        for (const id of [kept, phone, laptop]) await set(id, session(user));
        await set(others, session(other));
        expect(await store.endUserSessions(user, { except: kept })).toBe(2);
        expect(await get(phone)).toBeNull();
        expect(await get(laptop)).toBeNull();
        expect(await get(kept)).toMatchObject({ userId: user });
        expect(await get(others)).toMatchObject({ userId: other });
        expect(await store.endUserSessions(user)).toBe(1);
        expect(await get(kept)).toBeNull();
        expect(await store.endUserSessions(user)).toBe(0);
      });

      it('does not let a late save bring back an ended or destroyed session', async () => {
        const user = `u-${randomUUID()}`;
        const [ended, destroyed] = [randomUUID(), randomUUID()];
        await set(ended, session(user));
        await set(destroyed, session(user));
        await store.endUserSessions(user);
        await destroy(destroyed);
        // A request of each, still in flight, answers and saves its session (sessions roll).
        await set(ended, session(user));
        await set(destroyed, session(user));
        expect(await get(ended)).toBeNull();
        expect(await get(destroyed)).toBeNull();
        expect(await store.endUserSessions(user)).toBe(0);
      });

      it('files a session under the user it was last saved with', async () => {
        const [before, after] = [`u-${randomUUID()}`, `u-${randomUUID()}`];
        const id = randomUUID();
        await set(id, { cookie: { originalMaxAge: IDLE_MS } });
        await set(id, session(before));
        await set(id, session(after));
        expect(await store.endUserSessions(before)).toBe(0);
        expect(await get(id)).toMatchObject({ userId: after });
        expect(await store.endUserSessions(after)).toBe(1);
      });

      it('does not count a session already expired', async () => {
        const user = `u-${randomUUID()}`;
        await set(randomUUID(), session(user));
        clock += IDLE_MS + 1000;
        expect(await store.endUserSessions(user)).toBe(0);
      });

      it('keeps the index across a restart', async () => {
        const user = `u-${randomUUID()}`;
        const id = randomUUID();
        await set(id, session(user));
        store = await subject.reopen();
        expect(await store.endUserSessions(user)).toBe(1);
        expect(await get(id)).toBeNull();
      });
    });

    it('keeps sessions across a restart', async () => {
      const id = randomUUID();
      await set(id, session('u-4'));
      store = await subject.reopen();
      expect(await get(id)).toMatchObject({ userId: 'u-4', role: 'USER' });
    });
  });
}
