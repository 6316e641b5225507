import { readStreamHistory, type StreamHistory } from '@recup/command-api/history/stream-history';
import { HistoryCategory, type HistoryEvent } from '@recup/command-api/contracts';
import type { Lang } from '@recup/infra/http/language';
import { cliLanguage, openCommandStores, parseCommandLine, processIo, readArgs, UsageError, type CliIo } from './cli-io';
import { openCliStores, type CliStores } from './stores';

const categories = HistoryCategory.options.join(', ');

const text = {
  en: {
    help: `Usage: npm run history -- <category> <id> [--json]

Prints the events of one aggregate's stream, oldest first, for an audit: revision, time (Europe/Paris and
ISO), event type, actor (role and user id, or the system process), correlation and causation ids, and the
data (password and token hashes redacted). A booking's history includes its payments' events.

Categories: ${categories}
  --json   the same history as GET /api/admin/history/{category}/{id}

The log is DATA_DIR/events.sqlite (default ./data), or EventStoreDB when EVENTSTORE_URL is set; it is only read.
Exit codes: 0 printed, 1 no such stream, 2 wrong arguments or configuration.`,
    missingCategory: `Missing category: one of ${categories}.`,
    unknownCategory: (category: string) => `Unknown category "${category}": one of ${categories}.`,
    missingId: 'Missing id.',
    extraArgument: (arg: string) => `Unexpected argument "${arg}".`,
    seeHelp: 'See npm run history -- --help.',
    missingLog: (file: string) => `No event log at ${file}: start the platform once (npm start), or set DATA_DIR to its data directory.`,
    notFound: (category: string, id: string) => `No events for ${category} "${id}".`,
    title: (h: StreamHistory) => `History of ${h.streams[0]}${h.streams.length > 1 ? ` with ${h.streams.slice(1).join(', ')}` : ''}: ${h.events.length} event(s)`,
    labels: { revision: 'revision', position: 'position', time: 'time', actor: 'actor', correlation: 'correlation', causation: 'causation', data: 'data', system: 'system' },
    failed: 'Failed:',
  },
  fr: {
    help: `Usage : npm run history -- <catégorie> <id> [--json]

Affiche les événements du flux d’un agrégat, du plus ancien au plus récent, pour un audit : révision, heure
(Europe/Paris et ISO), type d’événement, acteur (rôle et identifiant, ou le processus système), identifiants
de corrélation et de cause, et les données (empreintes de mots de passe et de jetons masquées). L’historique
d’une réservation comprend les événements de ses paiements.

Catégories : ${categories}
  --json   le même historique que GET /api/admin/history/{category}/{id}

Le journal est DATA_DIR/events.sqlite (./data par défaut), ou EventStoreDB si EVENTSTORE_URL est définie ; il est seulement lu.
Codes de sortie : 0 affiché, 1 flux inexistant, 2 arguments ou configuration erronés.`,
    missingCategory: `Catégorie manquante : l’une de ${categories}.`,
    unknownCategory: (category: string) => `Catégorie inconnue « ${category} » : l’une de ${categories}.`,
    missingId: 'Identifiant manquant.',
    extraArgument: (arg: string) => `Argument inattendu « ${arg} ».`,
    seeHelp: 'Voir npm run history -- --help.',
    missingLog: (file: string) => `Aucun journal d’événements dans ${file} : démarrez la plateforme une fois (npm start), ou indiquez son répertoire de données dans DATA_DIR.`,
    notFound: (category: string, id: string) => `Aucun événement pour ${category} « ${id} ».`,
    title: (h: StreamHistory) => `Historique de ${h.streams[0]}${h.streams.length > 1 ? ` avec ${h.streams.slice(1).join(', ')}` : ''} : ${h.events.length} événement(s)`,
    labels: { revision: 'révision', position: 'position', time: 'heure', actor: 'acteur', correlation: 'corrélation', causation: 'cause', data: 'données', system: 'système' },
    failed: 'Échec :',
  },
} satisfies Record<Lang, unknown>;

type Text = (typeof text)['en'];

interface Parsed {
  help: boolean;
  json: boolean;
  category: HistoryCategory;
  id: string;
}

function parseHistoryArgs(args: readonly string[], t: Text): Parsed {
  const { help, flags, positionals } = readArgs(args, ['json'], t.extraArgument);
  if (help) return { help: true, json: false, category: 'booking', id: '' };
  const [category, id, ...rest] = positionals;
  if (!category) throw new UsageError(t.missingCategory);
  const parsed = HistoryCategory.safeParse(category);
  if (!parsed.success) throw new UsageError(t.unknownCategory(category));
  if (!id) throw new UsageError(t.missingId);
  if (rest.length > 0) throw new UsageError(t.extraArgument(rest[0]!));
  return { help: false, json: flags.json, category: parsed.data, id };
}

/** `npm run history -- <category> <id>`: resolves with the exit code. */
export async function runHistoryCommand(args: readonly string[], io: CliIo = processIo, open: (env: NodeJS.ProcessEnv) => Promise<CliStores> = openCliStores): Promise<number> {
  const lang = cliLanguage(io.env);
  const t = text[lang];
  const parsed = parseCommandLine(io, t, () => parseHistoryArgs(args, t));
  if (!parsed) return 2;
  if (parsed.help) {
    io.out(t.help);
    return 0;
  }
  const stores = await openCommandStores(io, t, open);
  if (!stores) return 2;
  try {
    const history = await readStreamHistory(stores.eventStore, parsed.category, parsed.id);
    if (!history) {
      io.err.write(`${t.notFound(parsed.category, parsed.id)}\n`);
      return 1;
    }
    io.out(parsed.json ? JSON.stringify(history, null, 2) : formatHistory(history, lang));
    return 0;
  } finally {
    await stores.close();
  }
}

/** The history as text for a terminal: one block per event, in order. */
function formatHistory(history: StreamHistory, lang: Lang): string {
  const t = text[lang];
  const labels = t.labels;
  const width = Math.max(...Object.values(labels).map((label) => label.length)) + 2;
  const field = (label: string, value: string) => `    ${label.padEnd(width)}${value}`;
  const lines = [t.title(history), ''];
  history.events.forEach((event, index) => {
    lines.push(`[${index + 1}] ${event.type}  ${event.stream} · ${labels.revision} ${event.revision} · ${labels.position} ${event.position}`);
    lines.push(field(labels.time, `${parisTime(event.occurredAtParis)} · ${event.occurredAt}`));
    lines.push(field(labels.actor, actorOf(event, labels.system)));
    lines.push(field(labels.correlation, event.correlationId));
    lines.push(field(labels.causation, event.causationId));
    const data = JSON.stringify(event.data, null, 2).split('\n');
    lines.push(field(labels.data, data[0]!), ...data.slice(1).map((line) => `    ${' '.repeat(width)}${line}`), '');
  });
  return lines.join('\n');
}

/** `2026-11-21T10:00:00+01:00` → `2026-11-21 10:00:00 Europe/Paris (UTC+01:00)`. */
function parisTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} Europe/Paris (UTC${iso.slice(19)})`;
}

function actorOf(event: HistoryEvent, system: string): string {
  return event.actor.type === 'user' ? `${event.actor.role} ${event.actor.userId}` : `${system} (${event.actor.name})`;
}
