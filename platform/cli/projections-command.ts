import type { Lang } from '@recup/infra/http/language';
import { EmbeddedMingoReadStore } from '@recup/infra/read-store/embedded-mingo-read-store';
import type { Projection } from '@recup/projector/projection';
import { allProjections } from '@recup/projector/projections';
import { startProjector } from '@recup/projector/projector';
import { rebuildProjections, type RebuildResult } from '@recup/projector/rebuild';
import { verifyProjections, type Difference } from '@recup/projector/rebuild-verify';
import { cliLanguage, formatDuration, formatNumber, openCommandStores, parseCommandLine, processIo, readArgs, UsageError, type CliIo } from './cli-io';
import { progressLine, subscriptionProgress } from './progress-line';
import { openCliStores, type CliStores } from './stores';

const names = () => allProjections.map((p) => p.name).join(', ');

const text = {
  en: {
    help: () => `Usage: npm run projections -- <command> [projection]

Rebuilds the read models from the event log, or checks them against it.

Commands:
  rebuild [projection]   Replays the whole log in batches into fresh collections, then swaps them in
                         once caught up (readers never see a half-built model). All projections when
                         none is named.
  verify [projection]    Rebuilds aside, into temporary collections, and compares every document with
                         the live model: each document that differs is listed (collection, _id, first
                         differing field). Exit code 1 when any differs, 0 when none does.

Projections: ${allProjections.map((p) => `${p.name} (v${p.version})`).join(', ')}

Where:
  With MONGODB_URL set, the live read models are those in MongoDB, and the log is EventStoreDB
  (EVENTSTORE_URL) or DATA_DIR/events.sqlite.
  Without it (embedded mode), the read models live in the running server's memory and are rebuilt from
  the log (DATA_DIR/events.sqlite, default ./data; EventStoreDB with EVENTSTORE_URL) at each start; no
  other process can reach them. There,
  "rebuild" replays the log into memory (to check and time it: restart the server to rebuild its
  models), and "verify" builds the live model here as the server does, through the projector's
  catch-up subscription event by event, and compares it with the batch rebuild. The log is only read:
  a running server is not disturbed.

Exit codes: 0 done, 1 differences or failure, 2 wrong arguments or configuration.`,
    unknownCommand: (command: string) => `Unknown command "${command}": use rebuild or verify.`,
    missingCommand: 'Missing command: rebuild or verify.',
    unknownProjection: (name: string) => `Unknown projection "${name}": one of ${names()}.`,
    extraArgument: (arg: string) => `Unexpected argument "${arg}".`,
    seeHelp: 'See npm run projections -- --help.',
    missingLog: (file: string) => `No event log at ${file}: start the platform once (npm start), or set DATA_DIR to its data directory.`,
    log: (where: string) => `Event log: ${where}`,
    embeddedRebuild: 'Embedded mode: the running server keeps its read models in memory and rebuilds them from the log at each start. This run rebuilds them here, in memory, to check that the log replays and how fast; restart the server to rebuild its own.',
    embeddedVerify: 'Embedded mode: the live model is built here as the server builds it (the projector\'s catch-up subscription, event by event), then compared with a batch rebuild of the same log.',
    liveLabel: 'live (event by event)',
    rebuildLabel: 'rebuild',
    rebuilt: (r: RebuildResult) => `Rebuilt ${r.projections.length} projection(s) from ${formatNumber('en', r.events)} events in ${formatDuration('en', r.elapsedMs)} (${formatNumber('en', r.eventsPerSecond)} events/s), up to position ${r.position}:`,
    rebuiltLine: (name: string, version: number, documents: number, collection: string) => `  ${name} v${version}: ${formatNumber('en', documents)} documents in ${collection}`,
    swapped: 'The rebuilt collections have replaced the live ones, and their checkpoints stand at that position.',
    noDifference: (documents: number, projections: number, position: number) => `✓ no difference: ${formatNumber('en', documents)} documents in ${projections} projection(s) match a rebuild of the log (position ${position}).`,
    differences: (count: number, documents: number) => `✗ ${formatNumber('en', count)} of ${formatNumber('en', documents)} documents differ from a rebuild of the log:`,
    missingLive: 'missing from the live model',
    missingRebuilt: 'not produced by the log (only in the live model)',
    changed: (path: string, live: string, rebuilt: string) => `${path}: live ${live}, rebuilt ${rebuilt}`,
    behind: (live: number, position: number) => `Note: the live model stood at position ${live}, the rebuild at ${position}; a projector that is behind explains differences.`,
    failed: 'Failed:',
    none: '(none)',
  },
  fr: {
    help: () => `Usage : npm run projections -- <commande> [projection]

Reconstruit les modèles de lecture depuis le journal d’événements, ou les vérifie par rapport à lui.

Commandes :
  rebuild [projection]   Rejoue tout le journal par lots dans des collections neuves, puis les met en
                         place une fois à jour (aucun lecteur ne voit un modèle à moitié construit).
                         Toutes les projections si aucune n’est nommée.
  verify [projection]    Reconstruit à part, dans des collections temporaires, et compare chaque
                         document au modèle en service : chaque document différent est listé
                         (collection, _id, premier champ qui diffère). Code de sortie 1 s’il y en a, 0 sinon.

Projections : ${allProjections.map((p) => `${p.name} (v${p.version})`).join(', ')}

Où :
  Avec MONGODB_URL, les modèles en service sont ceux de MongoDB, et le journal est EventStoreDB
  (EVENTSTORE_URL) ou DATA_DIR/events.sqlite.
  Sans elle (mode embarqué), les modèles vivent dans la mémoire du serveur en marche et sont
  reconstruits depuis le journal (DATA_DIR/events.sqlite, ./data par défaut ; EventStoreDB avec
  EVENTSTORE_URL) à chaque démarrage ; aucun autre processus ne peut les atteindre. Là, « rebuild » rejoue le journal en mémoire (pour le vérifier et le
  chronométrer : redémarrez le serveur pour reconstruire ses modèles), et « verify » construit ici le
  modèle en service comme le serveur le fait, par l’abonnement de rattrapage du projecteur, événement
  par événement, et le compare à la reconstruction par lots. Le journal est seulement lu : un serveur en
  marche n’est pas dérangé.

Codes de sortie : 0 terminé, 1 différences ou échec, 2 arguments ou configuration erronés.`,
    unknownCommand: (command: string) => `Commande inconnue « ${command} » : utilisez rebuild ou verify.`,
    missingCommand: 'Commande manquante : rebuild ou verify.',
    unknownProjection: (name: string) => `Projection inconnue « ${name} » : l’une de ${names()}.`,
    extraArgument: (arg: string) => `Argument inattendu « ${arg} ».`,
    seeHelp: 'Voir npm run projections -- --help.',
    missingLog: (file: string) => `Aucun journal d’événements dans ${file} : démarrez la plateforme une fois (npm start), ou indiquez son répertoire de données dans DATA_DIR.`,
    log: (where: string) => `Journal d’événements : ${where}`,
    embeddedRebuild: 'Mode embarqué : le serveur en marche garde ses modèles de lecture en mémoire et les reconstruit depuis le journal à chaque démarrage. Cette exécution les reconstruit ici, en mémoire, pour vérifier que le journal se rejoue et à quelle vitesse ; redémarrez le serveur pour reconstruire les siens.',
    embeddedVerify: 'Mode embarqué : le modèle en service est construit ici comme le serveur le construit (abonnement de rattrapage du projecteur, événement par événement), puis comparé à une reconstruction par lots du même journal.',
    liveLabel: 'en service (événement par événement)',
    rebuildLabel: 'reconstruction',
    rebuilt: (r: RebuildResult) => `${r.projections.length} projection(s) reconstruite(s) depuis ${formatNumber('fr', r.events)} événements en ${formatDuration('fr', r.elapsedMs)} (${formatNumber('fr', r.eventsPerSecond)} événements/s), jusqu’à la position ${r.position} :`,
    rebuiltLine: (name: string, version: number, documents: number, collection: string) => `  ${name} v${version} : ${formatNumber('fr', documents)} documents dans ${collection}`,
    swapped: 'Les collections reconstruites ont remplacé celles en service, et leurs points de reprise sont à cette position.',
    noDifference: (documents: number, projections: number, position: number) => `✓ aucune différence : ${formatNumber('fr', documents)} documents dans ${projections} projection(s) correspondent à une reconstruction du journal (position ${position}).`,
    differences: (count: number, documents: number) => `✗ ${formatNumber('fr', count)} documents sur ${formatNumber('fr', documents)} diffèrent d’une reconstruction du journal :`,
    missingLive: 'absent du modèle en service',
    missingRebuilt: 'non produit par le journal (seulement dans le modèle en service)',
    changed: (path: string, live: string, rebuilt: string) => `${path} : en service ${live}, reconstruit ${rebuilt}`,
    behind: (live: number, position: number) => `Remarque : le modèle en service était à la position ${live}, la reconstruction à ${position} ; un projecteur en retard explique des différences.`,
    failed: 'Échec :',
    none: '(rien)',
  },
} satisfies Record<Lang, unknown>;

type Text = (typeof text)['en'];

interface Parsed {
  command: 'rebuild' | 'verify' | 'help';
  projections: readonly Projection[];
}

function parseProjectionsArgs(args: readonly string[], t: Text): Parsed {
  const { help, positionals } = readArgs(args, [], t.extraArgument);
  if (help) return { command: 'help', projections: [] };
  const [command, name, ...rest] = positionals;
  if (!command) throw new UsageError(t.missingCommand);
  if (command !== 'rebuild' && command !== 'verify') throw new UsageError(t.unknownCommand(command));
  if (rest.length > 0) throw new UsageError(t.extraArgument(rest[0]!));
  if (name === undefined) return { command, projections: allProjections };
  const projection = allProjections.find((p) => p.name === name);
  if (!projection) throw new UsageError(t.unknownProjection(name));
  return { command, projections: [projection] };
}

/** `npm run projections -- ...`: resolves with the exit code. */
export async function runProjectionsCommand(args: readonly string[], io: CliIo = processIo, open: (env: NodeJS.ProcessEnv) => Promise<CliStores> = openCliStores): Promise<number> {
  const lang = cliLanguage(io.env);
  const t = text[lang];
  const parsed = parseCommandLine(io, t, () => parseProjectionsArgs(args, t));
  if (!parsed) return 2;
  if (parsed.command === 'help') {
    io.out(t.help());
    return 0;
  }

  const stores = await openCommandStores(io, t, open);
  if (!stores) return 2;
  try {
    io.out(t.log(stores.log));
    return parsed.command === 'rebuild' ? await rebuild(stores, parsed.projections, io, lang) : await verify(stores, parsed.projections, io, lang);
  } catch (error) {
    io.err.write(`${t.failed} ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await stores.close();
  }
}

async function rebuild(stores: CliStores, projections: readonly Projection[], io: CliIo, lang: Lang): Promise<number> {
  const t = text[lang];
  if (!stores.liveReadStore) io.out(t.embeddedRebuild);
  const readStore = stores.liveReadStore ?? new EmbeddedMingoReadStore();
  const progress = progressLine(io, lang, `${t.rebuildLabel}:`);
  const result = await rebuildProjections({ eventStore: stores.eventStore, readStore, projections, onProgress: progress.update });
  progress.done();
  io.out(t.rebuilt(result));
  for (const p of result.projections) io.out(t.rebuiltLine(p.name, p.version, p.documents, p.builtIn));
  if (stores.liveReadStore) io.out(t.swapped);
  return 0;
}

async function verify(stores: CliStores, projections: readonly Projection[], io: CliIo, lang: Lang): Promise<number> {
  const t = text[lang];
  let readStore = stores.liveReadStore;
  if (!readStore) {
    io.out(t.embeddedVerify);
    readStore = new EmbeddedMingoReadStore();
    const live = progressLine(io, lang, `${t.liveLabel}:`);
    const projector = await startProjector({
      eventStore: stores.eventStore, readStore, projections,
      progress: subscriptionProgress(await stores.eventStore.headPosition(), live.update),
    });
    await projector.caughtUp;
    await projector.close();
    live.done();
  }
  const progress = progressLine(io, lang, `${t.rebuildLabel}:`);
  const result = await verifyProjections({ eventStore: stores.eventStore, readStore, projections, onProgress: progress.update });
  progress.done();
  if (result.differences.length === 0) {
    io.out(t.noDifference(result.documents, projections.length, result.rebuild.position));
    return 0;
  }
  io.out(t.differences(result.differences.length, result.documents));
  const width = Math.max(...result.differences.map((d) => d.collection.length));
  for (const difference of result.differences) io.out(`  ${difference.collection.padEnd(width)}  ${difference.id}  ${describeDifference(difference, t)}`);
  if (result.livePosition !== result.rebuild.position) io.out(t.behind(result.livePosition, result.rebuild.position));
  return 1;
}

function describeDifference(difference: Difference, t: Text): string {
  if (difference.path === '_id') return difference.live === undefined ? t.missingLive : t.missingRebuilt;
  return t.changed(difference.path, show(difference.live, t), show(difference.rebuilt, t));
}

function show(value: unknown, t: Text): string {
  if (value === undefined) return t.none;
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
