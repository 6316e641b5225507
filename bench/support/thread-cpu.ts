import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms, at 10 ms steps) this process's main thread — the platform's event loop — has used so
 * far, from Linux's /proc (load workers and the log's writer thread are other threads, not counted). Unlike a rate,
 * it hardly moves when other programs load the machine: the work a run asked of the platform's thread. Null where
 * /proc is not there.
 */
export function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
