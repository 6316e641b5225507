import { join } from 'node:path';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { Config } from '../config';
import { MongoProjectionProgress } from '../consistency/mongo-projection-progress';
import { InProcessProjectionProgress } from '../consistency/projection-progress';
import { EmbeddedSqliteEventStore } from '../event-store/embedded-sqlite-event-store';
import { EmbeddedSqliteProcessorStore } from '../processor-store/embedded-sqlite-processor-store';
import { MongoProcessorStore } from '../processor-store/mongo-processor-store';
import type { ProcessorStore } from '../processor-store/port';
import { EventStoreDbEventStore } from '../event-store/eventstoredb-event-store';
import type { EventStore } from '../event-store/port';
import { EmbeddedOutboxMailer } from '../mail/embedded-outbox-mailer';
import type { Mailer } from '../mail/port';
import { SmtpMailer } from '../mail/smtp-mailer';
import { EmbeddedTestGateway } from '../payments/embedded-test-gateway';
import type { PaymentGateway } from '../payments/port';
import { EmbeddedRateLimitStore } from '../rate-limit/embedded-rate-limit-store';
import { MongoRateLimitStore } from '../rate-limit/mongo-rate-limit-store';
import type { RateLimitStore } from '../rate-limit/port';
import { stripeGatewayFromConfig } from '../payments/stripe-gateway';
import { EmbeddedMingoReadStore } from '../read-store/embedded-mingo-read-store';
import { assertTransactionsSupported, connectMongo, MongoReadStore } from '../read-store/mongo-read-store';
import type { ReadStore } from '../read-store/port';
import { EmbeddedSqliteSessionStore } from '../sessions/embedded-sqlite-session-store';
import { MongoSessionStore } from '../sessions/mongo-session-store';
import type { SessionStore } from '../sessions/port';

type AdaptersConfig = Pick<Config, 'dataDir' | 'EVENTSTORE_URL' | 'MONGODB_URL' | 'SMTP_URL'> & Partial<Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>>;

/** Which adapter serves each port. */
interface AdapterSelection {
  eventStore: 'eventstoredb' | 'embedded-sqlite';
  /** The read store and the sessions go together: MongoDB, or embedded (mingo in memory, SQLite). */
  readStore: 'mongodb' | 'embedded';
  /** The rate-limit counters: in MongoDB beside the sessions (every replica shares one budget), or in memory. */
  rateLimits: 'mongodb' | 'embedded';
  mail: 'smtp' | 'outbox';
  payments: 'stripe' | 'embedded-test-gateway';
  /**
   * The reactors' checkpoints, duties and parked events: MongoDB (collections outside the read models) when the log
   * is EventStoreDB and MONGODB_URL is set; otherwise SQLite, in the embedded log's own file (or a file of its own
   * beside it under DATA_DIR when the log is EventStoreDB without MongoDB).
   */
  processors: 'mongodb' | 'embedded-sqlite';
}

export interface Adapters {
  mailer: Mailer;
  /** The outbox when mail stays on disk (no SMTP_URL): the development mailbox pages read it. */
  outbox: EmbeddedOutboxMailer | null;
  eventStore: EventStore;
  /** Where the reactors keep their checkpoints, duties and parked events, beside the log: no rebuild touches it. */
  processorStore: ProcessorStore;
  readStore: ReadStore;
  sessionStore: SessionStore;
  /** The rate limits' counters: shared by every process on the same MongoDB, or this process's own. */
  rateLimitStore: RateLimitStore;
  /** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test gateway. */
  payments: PaymentGateway;
  /** The built-in test gateway, whose card form and 3-D Secure pages are served only when it is the provider. */
  testGateway: EmbeddedTestGateway;
  /**
   * How far the projector has got. With MongoDB it is read from the checkpoints the projector writes, so a
   * query API in another process sees it; a projector in this process also advances it directly.
   */
  progress: InProcessProjectionProgress;
  clock: Clock;
  selection: AdapterSelection;
  close(): Promise<void>;
}

interface OpenAdaptersOptions {
  clock?: Clock;
  mailLog?: (line: string) => void;
  /** How long a server may take to answer at start-up before the start fails (default 5 s). */
  connectTimeoutMs?: number;
  /**
   * With MongoDB, the projections whose checkpoints make the progress (the projector's names). Without it
   * every checkpoint counts, including that of a projection since removed, which would hold waits back.
   */
  projections?: readonly string[];
}

/** The adapter of each port, from the configuration alone (no connection). */
export function selectAdapters(config: Pick<Config, 'EVENTSTORE_URL' | 'MONGODB_URL' | 'SMTP_URL'> & Partial<Pick<Config, 'STRIPE_SECRET_KEY'>>): AdapterSelection {
  return {
    eventStore: config.EVENTSTORE_URL ? 'eventstoredb' : 'embedded-sqlite',
    readStore: config.MONGODB_URL ? 'mongodb' : 'embedded',
    rateLimits: config.MONGODB_URL ? 'mongodb' : 'embedded',
    mail: config.SMTP_URL ? 'smtp' : 'outbox',
    payments: config.STRIPE_SECRET_KEY ? 'stripe' : 'embedded-test-gateway',
    processors: config.EVENTSTORE_URL && config.MONGODB_URL ? 'mongodb' : 'embedded-sqlite',
  };
}

/** A server named in the configuration could not be used at start-up. */
export class AdapterStartError extends Error {
  constructor(readonly variable: 'EVENTSTORE_URL' | 'MONGODB_URL', detail: string, options: { cause: unknown }) {
    super(`${variable}: ${detail}`, options);
    this.name = 'AdapterStartError';
  }
}

/**
 * Every port on the adapter the configuration asks for: EVENTSTORE_URL → EventStoreDB, MONGODB_URL →
 * MongoDB (read store, sessions, projection progress, rate limits), SMTP_URL → SMTP; whatever is not set stays on its
 * embedded adapter under DATA_DIR. Servers are checked at start so that a wrong URL stops the start with its
 * name rather than failing the first request. On a failure, what was already opened is closed again.
 */
export async function openAdapters(config: AdaptersConfig, options: OpenAdaptersOptions = {}): Promise<Adapters> {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.connectTimeoutMs ?? 5000;
  const selection = selectAdapters(config);
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close();
  };

  try {
    let eventStore: EventStore;
    if (config.EVENTSTORE_URL) {
      const esdb = new EventStoreDbEventStore(config.EVENTSTORE_URL);
      closers.push(() => esdb.close());
      try {
        await esdb.ping(timeoutMs);
      } catch (error) {
        throw new AdapterStartError('EVENTSTORE_URL', `EventStoreDB did not answer (${(error as Error).message})`, { cause: error });
      }
      eventStore = esdb;
    } else {
      const embedded = new EmbeddedSqliteEventStore(join(config.dataDir, 'events.sqlite'));
      closers.push(() => embedded.close());
      eventStore = embedded;
    }

    let processorStore: ProcessorStore | null = null;
    if (eventStore instanceof EmbeddedSqliteEventStore) {
      const embedded = new EmbeddedSqliteProcessorStore(join(config.dataDir, 'processors.sqlite'), { logId: eventStore.logId });
      closers.push(() => embedded.close());
      processorStore = embedded;
    }

    let readStore: ReadStore;
    let sessionStore: SessionStore;
    let rateLimitStore: RateLimitStore;
    let progress: InProcessProjectionProgress;
    if (config.MONGODB_URL) {
      let connection: Awaited<ReturnType<typeof connectMongo>>;
      try {
        connection = await connectMongo(config.MONGODB_URL, { serverSelectionTimeoutMS: timeoutMs });
      } catch (error) {
        throw new AdapterStartError('MONGODB_URL', `MongoDB did not answer (${(error as Error).message})`, { cause: error });
      }
      const { client, db } = connection;
      closers.push(() => client.close());
      try {
        await assertTransactionsSupported(db);
      } catch (error) {
        throw new AdapterStartError('MONGODB_URL', (error as Error).message, { cause: error });
      }
      readStore = new MongoReadStore(client, db);
      if (!processorStore) processorStore = await MongoProcessorStore.open(db);
      sessionStore = await MongoSessionStore.open(db, { now: () => clock.now().getTime() });
      // Rate limits count real time (as @fastify/rate-limit's own store does), not a clock a test stands still.
      rateLimitStore = await MongoRateLimitStore.open(db);
      const mongoProgress = await new MongoProjectionProgress(readStore, { projections: options.projections }).start();
      closers.push(() => mongoProgress.close());
      progress = mongoProgress;
    } else {
      const embeddedReadStore = new EmbeddedMingoReadStore();
      closers.push(() => embeddedReadStore.close());
      const embeddedSessions = new EmbeddedSqliteSessionStore(join(config.dataDir, 'sessions.sqlite'), { now: () => clock.now().getTime() });
      closers.push(() => embeddedSessions.close());
      readStore = embeddedReadStore;
      sessionStore = embeddedSessions;
      rateLimitStore = new EmbeddedRateLimitStore();
      progress = new InProcessProjectionProgress();
    }

    if (!processorStore) {
      const beside = new EmbeddedSqliteProcessorStore(join(config.dataDir, 'processors.sqlite'));
      closers.push(() => beside.close());
      processorStore = beside;
    }

    const testGateway = new EmbeddedTestGateway(join(config.dataDir, 'test-gateway.sqlite'), { clock });
    closers.push(() => testGateway.close());
    const payments: PaymentGateway = stripeGatewayFromConfig(config) ?? testGateway;

    let mailer: Mailer;
    let outbox: EmbeddedOutboxMailer | null = null;
    if (config.SMTP_URL) {
      mailer = new SmtpMailer(config.SMTP_URL);
    } else {
      outbox = new EmbeddedOutboxMailer(join(config.dataDir, 'outbox'), { log: options.mailLog ?? console.log, now: () => clock.now() });
      mailer = outbox;
    }
    const openedMailer = mailer;
    closers.push(() => openedMailer.close());

    return { mailer, outbox, eventStore, processorStore, readStore, sessionStore, rateLimitStore, payments, testGateway, progress, clock, selection, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
