// `npm run bench [-- name...]`: builds, then runs every benchmark of bench/ (or those named), each in its own
// process, one after the other; prints one line per figure (the figure, its baseline measured in the same
// run, the ratio, the goal) and writes bench/results.md. Not part of `npm test`.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build, bundle } from './build.mjs';
import { ensureDependencies, log, root } from './lib.mjs';

/** Every benchmark, in the order they run; `entries` are bundled into dist/bench/. */
const BENCHES = [
  { name: 'search', entries: ['search.bench'] },
  { name: 'booking', entries: ['booking.bench', 'support/booking-load'] },
  { name: 'moves', entries: ['moves.bench', 'support/booking-load', 'support/move-load'] },
  { name: 'rebuild', entries: ['projections-rebuild'] },
  { name: 'memory', entries: ['memory.bench'] },
  { name: 'admin', entries: ['admin-bookings'] },
  { name: 'web', entries: ['web.bench'] },
];
const PREFIX = '@@bench ';
const TIMEOUT_MS = 20 * 60_000;

// The benchmarks named on the command line; options are let through (none is read).
const wanted = parseArgs({ allowPositionals: true, strict: false }).positionals;
const unknown = wanted.filter((name) => !BENCHES.some((b) => b.name === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}: choose among ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name));

await ensureDependencies();
await build();
log('Bundling the benchmarks (esbuild)...');
await bundle([...new Set(selected.flatMap((b) => b.entries))].map((entry) => ({ in: join(root, 'bench', `${entry}.ts`), out: `bench/${entry.replace(/^support\//, '')}` })));

const loadBefore = loadavg();
const startedAt = new Date();
const figures = [];
const failures = [];
/** When and under which load each benchmark ran: results.md gives it per benchmark. */
const runs = new Map();
for (const bench of selected) {
  log(`Benchmark: ${bench.name}`);
  runs.set(bench.name, { at: new Date(), loadBefore: loadavg() });
  const started = performance.now();
  const code = await runBench(bench, (figure) => figures.push({ bench: bench.name, ...figure }));
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (code !== 0) failures.push(`${bench.name} (exit ${code})`);
  Object.assign(runs.get(bench.name), { loadAfter: loadavg(), seconds, failed: code !== 0 });
  console.log(`  ${code === 0 ? 'done' : 'FAILED'} in ${seconds} s`);
}
const loadAfter = loadavg();

const number = (value, unit) => {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${unit}`;
};
const ratioOf = (f) => (f.baseline && f.baseline.value !== 0 ? f.value / f.baseline.value : null);
const metOf = (f) => {
  if (!f.goal) return null;
  const measured = f.goal.on === 'ratio' ? ratioOf(f) : f.value;
  if (measured === null || Number.isNaN(measured)) return false;
  return (f.goal.min === undefined || measured >= f.goal.min) && (f.goal.max === undefined || measured <= f.goal.max);
};
const ratioText = (f) => {
  const ratio = ratioOf(f);
  if (ratio === null) return '';
  return ratio >= 10 ? `×${ratio.toFixed(0)}` : `${(ratio * 100).toLocaleString('en-US', { maximumFractionDigits: ratio < 0.1 ? 1 : 0 })} %`;
};

console.log(`\nFigures (${startedAt.toISOString()}, load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} → ${loadAfter.map((l) => l.toFixed(1)).join(' ')}):`);
for (const f of figures) {
  const met = metOf(f);
  const baseline = f.baseline ? `  vs ${f.baseline.label}: ${number(f.baseline.value, f.unit)}  ratio ${ratioText(f)}` : '';
  const goal = f.goal ? `  goal ${f.goal.text}: ${met ? 'met' : 'NOT met'}` : '';
  console.log(`  ${f.label}: ${number(f.value, f.unit)}${baseline}${goal}`);
}
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);

writeResults();
process.exitCode = failures.length > 0 ? 1 : 0;

function runBench(bench, onFigure) {
  return new Promise((resolve) => {
    const entry = join(root, 'dist', 'bench', `${bench.entries[0]}.mjs`);
    const child = spawn(process.execPath, ['--enable-source-maps', '--expose-gc', entry], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
    const timer = setTimeout(() => {
      console.log(`  ${bench.name} ran past ${TIMEOUT_MS / 60_000} min: stopped`);
      child.kill('SIGTERM');
    }, TIMEOUT_MS);
    let pending = '';
    child.stdout.on('data', (chunk) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(PREFIX)) onFigure(JSON.parse(line.slice(PREFIX.length)));
        else console.log(line);
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (pending) console.log(pending);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function writeResults() {
  const cpu = cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch { /* not a git checkout */ }
  const cell = (text) => String(text).replaceAll('|', '\\|');
  const loads = (values) => values.map((l) => l.toFixed(1)).join(', ');
  const file = join(root, 'bench', 'results.md');
  // The sections of the benchmarks not run this time are kept as they were, with their own date and commit.
  const kept = new Map();
  if (existsSync(file)) {
    for (const section of readFileSync(file, 'utf8').split(/^(?=## )/m).slice(1)) {
      const name = /^## (\S+)/.exec(section)?.[1];
      if (name && !runs.has(name) && BENCHES.some((b) => b.name === name)) kept.set(name, section.trimEnd());
    }
  }
  const section = (name) => {
    const run = runs.get(name);
    if (!run) return kept.get(name) ?? null;
    return [
      `## ${name}`,
      '',
      `- Run: ${run.at.toISOString()}, commit ${commit}, ${run.seconds} s${run.failed ? ', **failed**' : ''}`,
      `- Load average (1, 5, 15 min): ${loads(run.loadBefore)} before, ${loads(run.loadAfter)} after`,
      '',
      '| figure | value | baseline (same run) | ratio | goal | met |',
      '| --- | ---: | --- | ---: | --- | --- |',
      ...figures.filter((f) => f.bench === name).map((f) => {
        const met = metOf(f);
        return `| ${cell(f.label)}${f.note ? ` (${cell(f.note)})` : ''} | ${number(f.value, f.unit)} | ${f.baseline ? `${cell(f.baseline.label)}: ${number(f.baseline.value, f.unit)}` : ''} | ${ratioText(f)} | ${f.goal ? cell(f.goal.text) : ''} | ${met === null ? '' : met ? 'yes' : '**no**'} |`;
      }),
    ].join('\n');
  };
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench [-- name...]` (scripts/bench.mjs): each section is the last run of that benchmark, and every',
    'baseline in it was measured in the same run, on the same machine.',
    '',
    `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${release()}, Node ${process.version}`,
    '',
    ...BENCHES.map((b) => section(b.name)).filter((text) => text !== null).flatMap((text) => [text, '']),
  ];
  writeFileSync(file, lines.join('\n'));
  console.log(`\nWritten: bench/results.md`);
}
