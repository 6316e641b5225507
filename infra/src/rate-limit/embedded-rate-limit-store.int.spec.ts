import { describe, expect, it } from 'vitest';
import { EmbeddedRateLimitStore } from './embedded-rate-limit-store';
import { rateLimitStoreContract } from '../testing/rate-limit-store.contract';

// The embedded mode runs one process: its "replicas" are two stores on that process's windows.
rateLimitStoreContract('embedded (memory)', async ({ now }) => {
  const store = new EmbeddedRateLimitStore({ now });
  return {
    store,
    replica: async () => new EmbeddedRateLimitStore({ now, windows: store.windows }),
    dispose: () => store.close(),
  };
});

describe('embedded rate-limit store', () => {
  it('forgets ended windows as it goes, so that clients seen once do not stay in memory', async () => {
    let clock = 0;
    const store = new EmbeddedRateLimitStore({ now: () => clock });
    for (let i = 0; i < 999; i += 1) await store.increment(`client-${i}`, 1_000);
    clock += 1_000;
    await store.increment('a-new-client', 1_000);
    expect(store.windows.byKey.size).toBe(1);
    expect(await store.read('a-new-client')).toEqual({ current: 1, ttlMs: 1_000 });
  });
});
