import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import { startProjector } from '@recup/projector/projector';
import { allProjections } from '@recup/projector/projections';
import { bookingProjection } from '@recup/projector/bookings/booking-projection';
import { appendSampleLog, type SampleLog } from '@recup/projector/testing/rebuild-sample-log';
import { runProjectionsCommand } from './projections-command';
import { openCliStores, type CliStores } from './stores';

/** The version the bookings read model is at: the summary names it. */
const bookingsVersion = bookingProjection.version;

describe('npm run projections', () => {
  let dataDir: string;
  let sample: SampleLog;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'recup-cli-'));
    const eventStore = new EmbeddedSqliteEventStore(join(dataDir, 'events.sqlite'));
    sample = await appendSampleLog(eventStore, { events: 800 });
    await eventStore.close();
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function run(args: string[], env: NodeJS.ProcessEnv = { DATA_DIR: dataDir }, open?: (env: NodeJS.ProcessEnv) => Promise<CliStores>) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runProjectionsCommand(args, { out: (text) => out.push(text), err: { write: (text) => err.push(text), isTTY: false }, env }, open);
    return { code, out: out.join('\n'), err: err.join('') };
  }

  it('verifies the embedded log: the projector’s model, built event by event, against the batch rebuild', async () => {
    const result = await run(['verify']);
    expect(result.code).toBe(0);
    // Progress of both paths, on the error stream: the results stay alone on the output.
    expect(result.err).toMatch(new RegExp(`^live \\(event by event\\): ${sample.events} / ${sample.events} events \\(100%\\)`, 'm'));
    expect(result.err).toMatch(new RegExp(`^rebuild: ${sample.events} / ${sample.events} events \\(100%\\)`, 'm'));
    expect(result.out).toContain(`Event log: ${join(dataDir, 'events.sqlite')}`);
    expect(result.out).toContain('Embedded mode: the live model is built here as the server builds it');
    expect(result.out).toMatch(new RegExp(`✓ no difference: [\\d,]+ documents in ${allProjections.length} projection\\(s\\) match a rebuild of the log \\(position ${sample.events}\\)\\.`));
  });

  it('rebuilds one projection, with progress and a summary', async () => {
    const result = await run(['rebuild', 'bookings']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Embedded mode: the running server keeps its read models in memory');
    expect(result.out).toMatch(new RegExp(`Rebuilt 1 projection\\(s\\) from ${sample.events} events in [\\d.]+ s \\([\\d,]+ events/s\\), up to position ${sample.events}:`));
    expect(result.out).toContain(`  bookings v${bookingsVersion}: ${sample.bookings} documents in bookings`);
    // Not a terminal: plain lines, the last one at the end of the log.
    expect(result.err).toMatch(new RegExp(`^rebuild: ${sample.events} / ${sample.events} events \\(100%\\) · [\\d,]+ events/s · 0\\.0 s left$`, 'm'));
    expect(result.err).not.toContain('\r');
  });

  it('speaks French to a French locale', async () => {
    const result = await run(['verify', 'users'], { DATA_DIR: dataDir, LANG: 'fr_FR.UTF-8' });
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/✓ aucune différence : [\d  ]+ documents dans 1 projection\(s\) correspondent à une reconstruction du journal/);
  });

  it('lists each live document that differs, and exits with 1', async () => {
    // A live read store outside this process, as MongoDB is: here one the projector fills, then altered.
    const live = new EmbeddedMingoReadStore();
    const opened = await openCliStores({ DATA_DIR: dataDir });
    const projector = await startProjector({ eventStore: opened.eventStore, readStore: live });
    await projector.caughtUp;
    await projector.close();
    const refunded = sample.refunded[0]!;
    await live.collection('bookings').updateOne({ _id: refunded }, { $set: { refundDue: false } });
    await live.collection('courses').deleteOne({ _id: 'sample-course-0' });

    const result = await run(['verify'], { DATA_DIR: dataDir }, async () => ({ ...opened, liveReadStore: live }));
    expect(result.code).toBe(1);
    expect(result.out).toContain('✗ 2 of ');
    expect(result.out).toContain(`  bookings  ${refunded}  refundDue: live false, rebuilt true`);
    expect(result.out).toContain('  courses   sample-course-0  missing from the live model');
    expect(result.out).not.toContain('Embedded mode');

    // Rebuilding swaps a sound model in: verify finds nothing afterwards.
    const reopened = await openCliStores({ DATA_DIR: dataDir });
    expect((await run(['rebuild'], { DATA_DIR: dataDir }, async () => ({ ...reopened, liveReadStore: live }))).out).toContain('The rebuilt collections have replaced the live ones');
    const again = await openCliStores({ DATA_DIR: dataDir });
    expect((await run(['verify'], { DATA_DIR: dataDir }, async () => ({ ...again, liveReadStore: live }))).code).toBe(0);
  });

  it('answers wrong arguments with a message and exit code 2', async () => {
    expect(await run([])).toMatchObject({ code: 2, err: 'Missing command: rebuild or verify.\nSee npm run projections -- --help.\n' });
    expect(await run(['rebuilt'])).toMatchObject({ code: 2, err: expect.stringContaining('Unknown command "rebuilt": use rebuild or verify.') });
    expect(await run(['verify', 'bookinds'])).toMatchObject({ code: 2, err: expect.stringContaining('Unknown projection "bookinds": one of courses, bookings, payments, users, organizations, billingIdentities, invoices, adminStats, centreStatements.') });
    expect(await run(['verify', 'users', 'now'])).toMatchObject({ code: 2, err: expect.stringContaining('Unexpected argument "now"') });
    expect(await run(['verify'], { DATA_DIR: join(dataDir, 'elsewhere') })).toMatchObject({ code: 2, err: expect.stringContaining(`No event log at ${join(dataDir, 'elsewhere', 'events.sqlite')}`) });
    expect(existsSync(join(dataDir, 'elsewhere'))).toBe(false);
    const help = await run(['--help']);
    expect(help).toMatchObject({ code: 0, err: '' });
    expect(help.out).toContain('Without it (embedded mode), the read models live in the running server\'s memory');
  });

  it('never writes to the log', async () => {
    const opened = await openCliStores({ DATA_DIR: dataDir });
    try {
      await expect(opened.eventStore.appendToStream('booking-x', [{ type: 'BookingExpired', data: { bookingId: 'x', expiredAt: '2026-01-01T00:00:00.000Z' }, metadata: { actor: { type: 'system', name: 't' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' } }]))
        .rejects.toThrow('This command only reads the event log.');
      expect(await opened.eventStore.headPosition()).toBe(sample.events);
    } finally {
      await opened.close();
    }
  });
});
