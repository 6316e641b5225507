/**
 * What a benchmark hands to `npm run bench` (scripts/bench.mjs): one line per figure, prefixed so that the
 * runner can tell it from progress output, with the baseline measured in the same run and the goal.
 */
interface BenchFigure {
  /** Stable key, e.g. `search.throughput`. */
  key: string;
  /** What is measured, for a person. */
  label: string;
  value: number;
  unit: string;
  /** The physical limit or reference measured in the same run, in the same unit. */
  baseline?: { label: string; value: number };
  /**
   * The goal: `ratio` compares value ÷ baseline with `min`/`max`; `value` compares the figure itself.
   * `met` is computed by the runner.
   */
  goal?: { on: 'ratio' | 'value'; min?: number; max?: number; text: string };
  /** Anything the reader must know to trust the figure (checks done, counts). */
  note?: string;
}

const RESULT_PREFIX = '@@bench ';

export function report(figure: BenchFigure) {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(figure)}\n`);
}

export function log(message: string) {
  process.stdout.write(`${message}\n`);
}

export const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Percentiles of a list of numbers (sorted in place). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))]!;
}

/** The resident memory of a process, in bytes, from /proc (Linux). */
export async function residentBytes(pid: number | 'self' = 'self'): Promise<{ rss: number; peak: number }> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
