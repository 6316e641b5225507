import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedMingoReadStore } from '../read-store/embedded-mingo-read-store';
import type { Doc } from '../read-store/port';
import { MongoProjectionProgress } from './mongo-projection-progress';

/**
 * The progress reads the checkpoints through the read store port; here the embedded store stands in for
 * MongoDB, and the test writes the checkpoints as a projector in another process would.
 */
describe('projection progress read from the checkpoints', () => {
  const opened: MongoProjectionProgress[] = [];
  afterEach(async () => {
    for (const progress of opened.splice(0)) await progress.close();
  });

  async function setup(options: ConstructorParameters<typeof MongoProjectionProgress>[1] = {}) {
    const readStore = new EmbeddedMingoReadStore();
    const checkpoints = readStore.collection('checkpoints');
    const write = (name: string, position: number) => checkpoints.replaceOne({ _id: name }, { _id: name, position, version: 1 }, { upsert: true });
    await write('courses', 10);
    await write('bookings', 5);
    // Counts the progress's reads of the checkpoints, for a test to wait on one rather than on the clock.
    let reads = 0;
    const watched = { collection: <T extends Doc = Doc>(name: string) => ((reads += 1), readStore.collection<T>(name)) };
    const progress = await new MongoProjectionProgress(watched, { idlePollMs: 60_000, busyPollMs: 10, ...options }).start();
    opened.push(progress);
    return { progress, write, reads: () => reads };
  }

  it('is at the lowest checkpoint from the start', async () => {
    const { progress } = await setup();
    expect(progress.current()).toBe(5);
    expect(await progress.waitFor(5, 10)).toBe(true);
  });

  it('lets a caller wait until the projector, elsewhere, has written past its position', async () => {
    const { progress, write, reads } = await setup();
    const readBefore = reads();
    const waiting = progress.waitFor(8, 2000);
    // The progress reads the checkpoints again once a caller waits.
    await vi.waitFor(() => {
      if (reads() === readBefore) throw new Error('no read of the checkpoints since the caller began to wait');
    }, { timeout: 1000, interval: 5 });
    await write('bookings', 7);
    await write('courses', 12);
    await vi.waitFor(() => expect(progress.current()).toBe(7), { timeout: 1000, interval: 5 });
    await write('bookings', 9);
    const started = Date.now();
    expect(await waiting).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
    expect(progress.current()).toBe(9);
  });

  it('answers false when the projector does not get there in time', async () => {
    const { progress } = await setup();
    expect(await progress.waitFor(100, 50)).toBe(false);
  });

  it('counts only the projections it is told about', async () => {
    const { progress, write } = await setup({ projections: ['courses', 'bookings'] });
    await write('retired', 1);
    await progress.refresh();
    expect(progress.current()).toBe(5);
  });

  it('is advanced at once by a projector in the same process', async () => {
    const { progress } = await setup();
    const waiting = progress.waitFor(20, 1000);
    progress.advance(20);
    expect(await waiting).toBe(true);
  });
});
