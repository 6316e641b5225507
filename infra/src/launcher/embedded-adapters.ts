import { join } from 'node:path';
import type { Config } from '../config';
import { InProcessProjectionProgress } from '../consistency/projection-progress';
import { EmbeddedSqliteEventStore } from '../event-store/embedded-sqlite-event-store';
import { EmbeddedSqliteProcessorStore } from '../processor-store/embedded-sqlite-processor-store';
import { EmbeddedMingoReadStore } from '../read-store/embedded-mingo-read-store';
import { EmbeddedSqliteSessionStore } from '../sessions/embedded-sqlite-session-store';
import { EmbeddedTestGateway } from '../payments/embedded-test-gateway';
import { EmbeddedOutboxMailer } from '../mail/embedded-outbox-mailer';
import { EmbeddedRateLimitStore } from '../rate-limit/embedded-rate-limit-store';
import type { Clock } from '../clock';
import { systemClock } from '../clock';

/** Every port on its embedded adapter: files under DATA_DIR, read models in memory. */
export function openEmbeddedAdapters(config: Pick<Config, 'dataDir'>, options: { clock?: Clock; mailLog?: (line: string) => void } = {}) {
  const clock = options.clock ?? systemClock;
  const eventStore = new EmbeddedSqliteEventStore(join(config.dataDir, 'events.sqlite'));
  // The reactors' checkpoints, duties and parked events: in a file beside the log's, belonging to that log.
  const processorStore = new EmbeddedSqliteProcessorStore(join(config.dataDir, 'processors.sqlite'), { logId: eventStore.logId });
  const readStore = new EmbeddedMingoReadStore();
  const sessionStore = new EmbeddedSqliteSessionStore(join(config.dataDir, 'sessions.sqlite'), { now: () => clock.now().getTime() });
  // The rate limits' counters, in this one process's memory (real time, as @fastify/rate-limit's own store).
  const rateLimitStore = new EmbeddedRateLimitStore();
  const testGateway = new EmbeddedTestGateway(join(config.dataDir, 'test-gateway.sqlite'), { clock });
  const progress = new InProcessProjectionProgress();
  const mailer = new EmbeddedOutboxMailer(join(config.dataDir, 'outbox'), { log: options.mailLog ?? console.log, now: () => clock.now() });
  return {
    mailer,
    eventStore,
    processorStore,
    readStore,
    sessionStore,
    rateLimitStore,
    testGateway,
    progress,
    clock,
    async close() {
      await mailer.close();
      await testGateway.close();
      await rateLimitStore.close();
      await sessionStore.close();
      await readStore.close();
      await processorStore.close();
      await eventStore.close();
    },
  };
}

export type EmbeddedAdapters = ReturnType<typeof openEmbeddedAdapters>;
