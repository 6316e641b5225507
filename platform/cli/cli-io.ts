import type { Lang } from '@recup/infra/http/language';

/** Where a command writes: results on `out`, progress and errors on `err` (a terminal or not). */
export interface CliIo {
  out(text: string): void;
  err: { write(text: string): void; isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: process.stderr,
  env: process.env,
};

/** Wrong arguments: the message, then exit code 2. */
export class UsageError extends Error {}

/** French when the operator's locale is French, English otherwise. */
export function cliLanguage(env: NodeJS.ProcessEnv): Lang {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function formatNumber(lang: Lang, value: number): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 0 }).format(value);
}

/** `1 min 05 s`, `42 s`, `0.4 s` (`0,4 s` in French). */
export function formatDuration(lang: Lang, ms: number): string {
  if (ms < 10_000) return `${new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
