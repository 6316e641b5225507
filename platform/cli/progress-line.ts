import type { Lang } from '@recup/infra/http/language';
import type { RebuildProgress } from '@recup/projector/rebuild';
import { formatDuration, formatNumber, type CliIo } from './cli-io';

interface ProgressLine {
  update(progress: RebuildProgress): void;
  /** Shows the last state (on a terminal, ends the line). */
  done(): void;
}

const TERMINAL_EVERY_MS = 100;
const LOG_EVERY_MS = 3000;

/**
 * The progress of a replay: on a terminal one line rewritten in place, otherwise (a log file, CI) a line
 * every few seconds. Events done / total, events per second, time left.
 */
export function progressLine(io: CliIo, lang: Lang, label: string): ProgressLine {
  const tty = Boolean(io.err.isTTY);
  let last = -Infinity;
  let latest: RebuildProgress | null = null;
  let shown: RebuildProgress | null = null;
  const show = (progress: RebuildProgress) => {
    shown = progress;
    last = performance.now();
    const text = `${label} ${describe(lang, progress)}`;
    io.err.write(tty ? `\r\x1b[2K${text}` : `${text}\n`);
  };
  return {
    update(progress) {
      latest = progress;
      if (performance.now() - last >= (tty ? TERMINAL_EVERY_MS : LOG_EVERY_MS)) show(progress);
    },
    done() {
      if (latest && latest !== shown) show(latest);
      if (tty && shown) io.err.write('\n');
    },
  };
}

function describe(lang: Lang, p: RebuildProgress): string {
  const n = (value: number) => formatNumber(lang, value);
  if (p.phase === 'writing') {
    return lang === 'fr' ? `écriture ${n(p.written)} / ${n(p.documents)} documents` : `writing ${n(p.written)} / ${n(p.documents)} documents`;
  }
  const percent = p.total > 0 ? Math.floor((p.done * 100) / p.total) : 100;
  const left = p.etaMs === null ? '' : lang === 'fr' ? ` · reste ${formatDuration(lang, p.etaMs)}` : ` · ${formatDuration(lang, p.etaMs)} left`;
  return lang === 'fr'
    ? `${n(p.done)} / ${n(p.total)} événements (${percent} %) · ${n(p.eventsPerSecond)} événements/s${left}`
    : `${n(p.done)} / ${n(p.total)} events (${percent}%) · ${n(p.eventsPerSecond)} events/s${left}`;
}

/** The projector's own progress (catch-up subscription), as rebuild progress: positions count events on the embedded log. */
export function subscriptionProgress(head: number, onProgress: (progress: RebuildProgress) => void) {
  const started = performance.now();
  return {
    advance(position: number) {
      const elapsedMs = performance.now() - started;
      const eventsPerSecond = elapsedMs > 0 ? (position * 1000) / elapsedMs : 0;
      const total = Math.max(head, position);
      onProgress({
        phase: 'replaying', done: position, total, written: 0, documents: 0, elapsedMs, eventsPerSecond,
        etaMs: eventsPerSecond > 0 ? ((total - position) / eventsPerSecond) * 1000 : null,
      });
    },
  };
}
