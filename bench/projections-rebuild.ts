import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import { allProjections } from '@recup/projector/projections';
import { startProjector } from '@recup/projector/projector';
import { rebuildProjections } from '@recup/projector/rebuild';
import { appendSampleLog } from '@recup/projector/rebuild-sample-log';
import { verifyProjections } from '@recup/projector/rebuild-verify';
import { formatDuration, formatNumber, processIo } from '../platform/cli/cli-io';
import { progressLine, subscriptionProgress } from '../platform/cli/progress-line';

/**
 * Rebuild benchmark: a temporary embedded log of realistic events (100 000 by default, BENCH_EVENTS to
 * change), projected by the projector's incremental path (catch-up subscription, event by event) and by
 * the batch rebuild, then verified. Prints both rates and their ratio, measured in the same run.
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const lang = 'en';
const n = (value: number) => formatNumber(lang, value);
// Progress and results on one stream, so that they stay in order in a log file.
const io = { ...processIo, err: process.stdout };

const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'recup-bench-'));
const eventStore = new EmbeddedSqliteEventStore(join(dir, 'events.sqlite'));
try {
  io.out(`Generating ${n(EVENTS)} events into ${dir} ...`);
  let started = performance.now();
  const sample = await appendSampleLog(eventStore, { events: EVENTS });
  io.out(`  ${n(sample.events)} events (${n(sample.bookings)} bookings, ${n(sample.refunded.length)} refunded, ${n(sample.expired.length)} expired, ${n(sample.courses)} courses) in ${formatDuration(lang, performance.now() - started)}`);
  const head = await eventStore.headPosition();

  io.out('\nIncremental path (the projector: catch-up subscription, one read and one write per event and projection):');
  const live = new EmbeddedMingoReadStore();
  const liveLine = progressLine(io, lang, '  incremental:');
  started = performance.now();
  const projector = await startProjector({ eventStore, readStore: live, progress: subscriptionProgress(head, liveLine.update) });
  await projector.caughtUp;
  const incrementalMs = performance.now() - started;
  await projector.close();
  liveLine.done();

  io.out('\nBatch rebuild (rebuildProjections: fold in memory, write once, swap):');
  const rebuiltStore = new EmbeddedMingoReadStore();
  const rebuildLine = progressLine(io, lang, '  rebuild:');
  const rebuilt = await rebuildProjections({ eventStore, readStore: rebuiltStore, projections: allProjections, onProgress: rebuildLine.update });
  rebuildLine.done();

  io.out('\nVerify (rebuild aside, compare with the incremental model):');
  const verifyLine = progressLine(io, lang, '  verify:');
  started = performance.now();
  const verified = await verifyProjections({ eventStore, readStore: live, projections: allProjections, onProgress: verifyLine.update });
  const verifyMs = performance.now() - started;
  verifyLine.done();
  io.out(verified.differences.length === 0
    ? `  no difference: ${n(verified.documents)} documents match`
    : `  ${n(verified.differences.length)} documents differ, first: ${JSON.stringify(verified.differences[0])}`);

  const incrementalRate = (sample.events * 1000) / incrementalMs;
  io.out(`
Figures (${n(sample.events)} events, ${n(rebuilt.projections.reduce((sum, p) => sum + p.documents, 0))} documents, ${allProjections.length} projections):
  incremental path   ${formatDuration(lang, incrementalMs).padStart(9)}   ${n(incrementalRate).padStart(7)} events/s
  batch rebuild      ${formatDuration(lang, rebuilt.elapsedMs).padStart(9)}   ${n(rebuilt.eventsPerSecond).padStart(7)} events/s
  rebuild / incremental speed: ×${(rebuilt.eventsPerSecond / incrementalRate).toFixed(1)}
  verify (rebuild aside + compare): ${formatDuration(lang, verifyMs)}`);
  process.exitCode = verified.differences.length === 0 ? 0 : 1;
} finally {
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
}
