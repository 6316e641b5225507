import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@recup/infra/clock';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import { createProjectorService } from './projector';

/** Issue 22: the service that runs the reactors counts the events they parked in its health, for an alert. */
describe('the projector service’s health', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'recup-projector-health-'));
  const clock = new ManualClock('2026-11-21T09:00:00.000Z');
  const adapters = openEmbeddedAdapters({ dataDir }, { clock, mailLog: () => {} });
  let projector: Awaited<ReturnType<typeof createProjectorService>>;

  beforeAll(async () => {
    const { eventStore, processorStore, readStore, testGateway, mailer } = adapters;
    projector = await createProjectorService({ eventStore, processorStore, readStore, payments: testGateway, mailer, clock }, { config: {} });
    await projector.ready;
  });
  afterAll(async () => {
    await projector.close();
    await adapters.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is up with no parked event, and says how many there are once a reactor parked one', async () => {
    expect((await projector.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok', service: 'projector', parkedEvents: 0 });
    await adapters.processorStore.park({
      id: 'refund-keeper:e1', reactor: 'refund-keeper', position: 1, error: 'provider down', attempts: 5, parkedAt: clock.now().toISOString(), retryRequestedAt: null,
      event: { id: 'e1', streamName: 'booking-b1', revision: 0, position: 1, type: 'BookingCancelled', data: {}, metadata: { actor: { type: 'system', name: 't' }, correlationId: 'c', causationId: 'c', occurredAt: clock.now().toISOString() }, recordedAt: clock.now().toISOString() },
    });
    const health = await projector.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', service: 'projector', parkedEvents: 1 });
  });
});
