import { parseArgs } from 'node:util';
import type { Lang } from '@recup/infra/http/language';
import type { CliStores } from './stores';

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

/** No event log where the configuration says it is. */
export class MissingLogError extends UsageError {
  constructor(readonly file: string) {
    super(file);
  }
}

/** What a command says when its line or its stores are wrong, in the operator's language. */
export interface CommandStartText {
  seeHelp: string;
  missingLog: (file: string) => string;
  failed: string;
}

/**
 * A command's line read with `parse`: the parsed line, or undefined once a UsageError has been written with where to
 * find help (the command then exits with code 2). Any other error is thrown on.
 */
export function parseCommandLine<Parsed>(io: CliIo, t: CommandStartText, parse: () => Parsed): Parsed | undefined {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err.write(`${error.message}\n${t.seeHelp}\n`);
    return undefined;
  }
}

/** The stores opened, or undefined once why they could not be has been written (the command then exits with code 2). */
export async function openCommandStores(io: CliIo, t: CommandStartText, open: (env: NodeJS.ProcessEnv) => Promise<CliStores>): Promise<CliStores | undefined> {
  try {
    return await open(io.env);
  } catch (error) {
    io.err.write(`${error instanceof MissingLogError ? t.missingLog(error.file) : `${t.failed} ${(error as Error).message}`}\n`);
    return undefined;
  }
}

/**
 * A command line read with node:util's parseArgs: the flags given, the positional arguments, and whether help was
 * asked for (`--help`, `-h`, or `help` first), which wins over whatever else is on the line. A flag the command does
 * not know, or a flag given a value (`--json=yes`), is a UsageError naming it (`unexpected`).
 */
export function readArgs<Flag extends string>(args: readonly string[], flags: readonly Flag[], unexpected: (arg: string) => string) {
  const options = Object.fromEntries([...flags.map((flag) => [flag, { type: 'boolean' }] as const), ['help', { type: 'boolean', short: 'h' }] as const]);
  const { values, positionals, tokens } = parseArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true });
  const help = values.help === true || positionals[0] === 'help';
  const wrong = tokens.find((token) => token.kind === 'option' && (!Object.hasOwn(options, token.name) || token.value !== undefined));
  if (!help && wrong?.kind === 'option') throw new UsageError(unexpected(wrong.rawName));
  const given = Object.fromEntries(flags.map((flag) => [flag, values[flag] === true])) as Record<Flag, boolean>;
  return { help, flags: given, positionals };
}

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
