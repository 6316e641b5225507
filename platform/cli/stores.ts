import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EmbeddedSqliteEventStore } from '@recup/infra/event-store/embedded-sqlite-event-store';
import type { EventStore } from '@recup/infra/event-store/port';
import { openAdapters } from '@recup/infra/launcher/adapters';
import type { ReadStore } from '@recup/infra/read-store/port';
import { MissingLogError } from './cli-io';

/** The stores an operator command works on, chosen by the environment as the services choose theirs. */
export interface CliStores {
  /** Where the log is, for the output: a file or EventStoreDB. */
  log: string;
  /** The log, read only: these commands never append. */
  eventStore: EventStore;
  /**
   * The live read models when they outlive a process (MongoDB). Null in the embedded mode: there they live
   * in the server's memory and are rebuilt from the log at each start, out of any other process's reach.
   */
  liveReadStore: ReadStore | null;
  close(): Promise<void>;
}

/**
 * With EVENTSTORE_URL or MONGODB_URL set, the production adapters (`openAdapters`). Otherwise the embedded
 * log `DATA_DIR/events.sqlite` alone: SQLite in WAL mode lets this process read while a running server
 * writes, and nothing else of the server's data directory is opened.
 */
export async function openCliStores(env: NodeJS.ProcessEnv): Promise<CliStores> {
  const dataDir = resolve(env.DATA_DIR || './data');
  if (env.EVENTSTORE_URL || env.MONGODB_URL) {
    const adapters = await openAdapters(
      { dataDir, EVENTSTORE_URL: env.EVENTSTORE_URL || undefined, MONGODB_URL: env.MONGODB_URL || undefined, SMTP_URL: undefined },
      { mailLog: () => {} },
    );
    return {
      log: adapters.selection.eventStore === 'eventstoredb' ? 'EventStoreDB (EVENTSTORE_URL)' : join(dataDir, 'events.sqlite'),
      eventStore: readOnly(adapters.eventStore),
      liveReadStore: adapters.selection.readStore === 'mongodb' ? adapters.readStore : null,
      close: () => adapters.close(),
    };
  }
  const file = join(dataDir, 'events.sqlite');
  if (!existsSync(file)) throw new MissingLogError(file);
  const eventStore = new EmbeddedSqliteEventStore(file);
  return { log: file, eventStore: readOnly(eventStore), liveReadStore: null, close: () => eventStore.close() };
}

/** The store with appending taken away. */
function readOnly(store: EventStore): EventStore {
  return {
    appendToStream: async () => {
      throw new Error('This command only reads the event log.');
    },
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    readAllPages: (options) => store.readAllPages(options),
    subscribeToAll: (options, handler) => store.subscribeToAll(options, handler),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
