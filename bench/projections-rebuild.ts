import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import { allProjections } from '@recup/projector/projections';
import { startProjector } from '@recup/projector/projector';
import { rebuildProjections } from '@recup/projector/rebuild';
import { appendSampleLog } from '@recup/projector/testing/rebuild-sample-log';
import { verifyProjections } from '@recup/projector/rebuild-verify';
import { formatDuration, formatNumber, processIo } from '../platform/cli/cli-io';
import { progressLine, subscriptionProgress } from '../platform/cli/progress-line';
import { report } from './support/report';

/**
 * Rebuild benchmark (`npm run bench -- rebuild`): a temporary embedded log of realistic events (100 000 by
 * default, BENCH_EVENTS to change; schema-checked events appended through the port, stream by stream with
 * expected revisions, by the projector's sample log), read raw in order (the store's limit: read and decode
 * every event, nothing else), projected by the projector's incremental path (catch-up subscription, event
 * by event) and by the batch rebuild, then verified. Prints the rates and their ratios, measured in the same run (the
 * raw read and the rebuild in turns, a warm-up round of each then five rounds, their medians).
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const ROUNDS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
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

  // The raw ordered read, in the rebuild's page size: what reading the log costs, with no projection.
  const rawRead = async () => {
    const from = performance.now();
    let events = 0;
    for (let after = 0; ;) {
      const page = await eventStore.readAll({ after, maxCount: 1000 });
      if (page.length === 0) break;
      events += page.length;
      after = page.at(-1)!.position;
    }
    return { events, ms: performance.now() - from };
  };
  // The batch rebuild and the raw read, in turns, ROUNDS times: each takes about a second, and a second of this machine
  // swings by a third; the figures are the medians of the rounds.
  io.out(`\nRaw ordered read (readAll, pages of 1,000) and batch rebuild (rebuildProjections: fold in memory, write once, swap), in turns, a warm-up round then ${ROUNDS} rounds:`);
  // A warm-up round of each, not counted: the first rebuild of the process also compiles the projections' code and
  // meets the garbage the log's generation left; a rebuild's rate is that of a long log, where that cost is spread thin.
  const coldRaw = await rawRead();
  const cold = await rebuildProjections({ eventStore, readStore: new EmbeddedMingoReadStore(), projections: allProjections });
  const coldRates = { raw: (coldRaw.events * 1000) / coldRaw.ms, rebuild: cold.eventsPerSecond };
  io.out(`  warm-up: raw read ${n(coldRates.raw)} events/s, rebuild ${n(coldRates.rebuild)} events/s (${formatDuration(lang, cold.elapsedMs)}), not counted`);
  const rawRates: number[] = [];
  const rebuildRates: number[] = [];
  let rebuilt: Awaited<ReturnType<typeof rebuildProjections>> | null = null;
  let rawEvents = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const raw = await rawRead();
    rawEvents = raw.events;
    rawRates.push((raw.events * 1000) / raw.ms);
    rebuilt = await rebuildProjections({ eventStore, readStore: new EmbeddedMingoReadStore(), projections: allProjections });
    rebuildRates.push(rebuilt.eventsPerSecond);
    io.out(`  round ${round}: raw read ${n(rawRates.at(-1)!)} events/s, rebuild ${n(rebuildRates.at(-1)!)} events/s (${formatDuration(lang, rebuilt.elapsedMs)})`);
  }
  const rawRate = median(rawRates);
  const rebuildRate = median(rebuildRates);
  io.out(`  medians: raw read ${n(rawRate)} events/s (${n(rawEvents)} events), rebuild ${n(rebuildRate)} events/s`);

  io.out('\nIncremental path (the projector: catch-up subscription, one read and one write per event and projection):');
  const live = new EmbeddedMingoReadStore();
  const liveLine = progressLine(io, lang, '  incremental:');
  started = performance.now();
  const projector = await startProjector({ eventStore, readStore: live, progress: subscriptionProgress(head, liveLine.update) });
  await projector.caughtUp;
  const incrementalMs = performance.now() - started;
  await projector.close();
  liveLine.done();

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
Figures (${n(sample.events)} events, ${n(rebuilt!.projections.reduce((sum, p) => sum + p.documents, 0))} documents, ${allProjections.length} projections):
  incremental path   ${formatDuration(lang, incrementalMs).padStart(9)}   ${n(incrementalRate).padStart(7)} events/s
  batch rebuild      ${formatDuration(lang, (sample.events * 1000) / rebuildRate).padStart(9)}   ${n(rebuildRate).padStart(7)} events/s (median of ${ROUNDS})
  rebuild / incremental speed: ×${(rebuildRate / incrementalRate).toFixed(1)}
  verify (rebuild aside + compare): ${formatDuration(lang, verifyMs)}`);
  if (verified.differences.length > 0) throw new Error('the rebuilt read models differ from the incremental ones');
  report({
    key: 'rebuild.eventsPerSecond', label: `projection rebuild (${n(sample.events)} events, ${allProjections.length} projections, verified; median of ${ROUNDS} rounds after a warm-up round: ${rebuildRates.map((r) => n(r)).join(', ')}; warm-up, not counted: ${n(coldRates.rebuild)} against a raw read of ${n(coldRates.raw)})`,
    value: rebuildRate, unit: 'events/s',
    baseline: { label: `raw ordered read of the log, median of ${ROUNDS} rounds in turns with them (${rawRates.map((r) => n(r)).join(', ')})`, value: rawRate },
    goal: { on: 'ratio', min: 0.5, text: '≥ 50 % of the raw read' },
  });
  report({
    key: 'rebuild.incremental', label: 'incremental projection (catch-up subscription, event by event)', value: incrementalRate, unit: 'events/s',
    baseline: { label: 'raw ordered read of the log (median)', value: rawRate },
  });
} finally {
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
}
